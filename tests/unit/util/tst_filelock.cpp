// FileLock, the one way the agent locks a file: taken by another process it is busy, a holder
// killed with SIGKILL leaves nothing held, shared holders share and exclude an exclusive one, a
// file removed or replaced while a waiter waits is locked anew, and the holder reads and writes
// the locked file through its descriptor. The other process is this test binary itself
// (`tst_filelock --hold PATH MODE [RELEASE_AFTER_MS]`), so it is FileLock on both sides.

#include "util/FileLock.h"

#include "FileMode.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

using namespace teamai;

namespace {

FileLock::Options optionsFor(const QByteArray &mode)
{
    FileLock::Options options;
    options.mode = mode.startsWith("shared") ? FileLock::Mode::Shared : FileLock::Mode::Exclusive;
    options.removeWhenReleased = mode.endsWith("+remove");
    return options;
}

// The holder side: takes the lock, says "held", then lets go after @p releaseAfterMs or, when
// that is negative, keeps it until it is killed.
int holdLock(const QString &path, const QByteArray &mode, int releaseAfterMs)
{
    FileLock lock(path, optionsFor(mode));
    if (const FileLock::Attempt locked = lock.acquire(FileLock::kWaitForever); !locked) {
        std::fprintf(stderr, "%s\n", qPrintable(locked.error()));
        return 1;
    }
    std::fputs("held\n", stdout);
    std::fflush(stdout);
    if (releaseAfterMs < 0) {
        for (;;)
            QThread::sleep(60);
    }
    QThread::msleep(static_cast<unsigned long>(releaseAfterMs));
    return 0;  // the destructor releases
}

// Another process holding @p path in @p mode; started() is true once it holds it.
class Holder
{
public:
    Holder(const QString &path, const QByteArray &mode, int releaseAfterMs = -1)
    {
        QStringList arguments{QStringLiteral("--hold"), path, QString::fromLatin1(mode)};
        if (releaseAfterMs >= 0)
            arguments << QString::number(releaseAfterMs);
        m_process.start(QCoreApplication::applicationFilePath(), arguments);
    }
    ~Holder()
    {
        m_process.kill();
        m_process.waitForFinished();
    }
    bool waitUntilHeld(int timeoutMs = 5000)
    {
        const QDeadlineTimer deadline(timeoutMs);
        while (!m_process.canReadLine() && !deadline.hasExpired() && m_process.state() != QProcess::NotRunning)
            m_process.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime())));
        return m_process.canReadLine() && m_process.readLine() == "held\n";
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
};

bool sameFile(int fd, const QString &path)
{
    struct stat opened {}, named {};
    return ::fstat(fd, &opened) == 0 && ::stat(QFile::encodeName(path).constData(), &named) == 0
        && opened.st_ino == named.st_ino && opened.st_dev == named.st_dev;
}

} // namespace

class TestFileLock : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;
    QString m_path;

private slots:
    void init()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        m_path = m_env->home() + QStringLiteral("/test.lock");
    }

    void anotherProcessHoldingItMakesItBusy()
    {
        Holder holder(m_path, "exclusive");
        QVERIFY(holder.waitUntilHeld());
        FileLock mine(m_path);
        QElapsedTimer waited;
        waited.start();
        const FileLock::Attempt attempt = mine.acquire(150);
        QVERIFY(!attempt);
        QVERIFY(waited.elapsed() >= 140);  // it waited for the lock, not gave up at once
        QVERIFY(attempt.busy);
        QVERIFY(!mine.isHeld());
        QCOMPARE(attempt.error(), m_path + QStringLiteral(" is held by another process"));
        QCOMPARE(test::fileMode(m_path), 0600);
    }

    void aHolderKilledWithSigkillLeavesItFree()
    {
        Holder holder(m_path, "exclusive");
        QVERIFY(holder.waitUntilHeld());
        FileLock mine(m_path);
        QVERIFY(!mine.acquire(0));
        holder.process().kill();  // SIGKILL: the holder runs no code of its own
        QVERIFY(holder.process().waitForFinished());
        QCOMPARE(holder.process().exitStatus(), QProcess::CrashExit);
        const FileLock::Attempt attempt = mine.acquire(2000);
        QVERIFY2(attempt, qPrintable(attempt.error()));
        QVERIFY(mine.descriptor() >= 0);
    }

    void twoLocksInOneProcessExcludeEachOther()
    {
        FileLock first(m_path);
        FileLock second(m_path);
        QVERIFY(first.acquire(0));
        QVERIFY(second.acquire(0).busy);
        first.release();
        QVERIFY(!first.isHeld());
        QVERIFY(second.acquire(0));
    }

    void sharedHoldersShareAndKeepAnExclusiveOneOut()
    {
        Holder reader(m_path, "shared");
        QVERIFY(reader.waitUntilHeld());
        FileLock alsoReading(m_path, {.mode = FileLock::Mode::Shared});
        QVERIFY(alsoReading.acquire(0));
        FileLock writer(m_path);
        QVERIFY(writer.acquire(100).busy);
        reader.process().kill();
        QVERIFY(reader.process().waitForFinished());
        QVERIFY(!writer.acquire(0));  // our own shared lock still keeps it out
        alsoReading.release();
        QVERIFY(writer.acquire(0));

        // Now a reader waits for the writer, and gets in once the writer lets go.
        Holder waitingReader(m_path, "shared");
        QVERIFY(!waitingReader.waitUntilHeld(300));
        writer.release();
        QVERIFY(waitingReader.waitUntilHeld());
    }

    void aWaiterLocksTheFileThePathNamesAfterARemovingRelease()
    {
        Holder holder(m_path, "exclusive+remove", 300);
        QVERIFY(holder.waitUntilHeld());
        QVERIFY(QFileInfo::exists(m_path));
        FileLock waiter(m_path, {.removeWhenReleased = true});
        // The waiter opened the holder's file; the holder removes it before letting go, so the
        // waiter must lock a new file at the path, not the removed one.
        const FileLock::Attempt attempt = waiter.acquire(5000);
        QVERIFY2(attempt, qPrintable(attempt.error()));
        QVERIFY(holder.process().waitForFinished());
        QVERIFY(sameFile(waiter.descriptor(), m_path));
        FileLock third(m_path);
        QVERIFY(!third.acquire(0));  // a third party sees the lock on that very file
        waiter.release();
        QVERIFY(!QFileInfo::exists(m_path));
    }

    void aWaiterLocksTheFileThePathNamesAfterAReplacement()
    {
        FileLock holder(m_path);
        QVERIFY(holder.acquire(0));
        FileLock waiter(m_path);
        bool locked = false;
        QThread *waiting = QThread::create([&] { locked = waiter.acquire(5000).ok(); });
        waiting->start();
        QThread::msleep(100);  // the waiter has the old file open now
        const QString replacement = m_path + QStringLiteral(".new");
        m_env->writeFile(QStringLiteral("test.lock.new"), "new");
        QVERIFY(QFile::rename(m_path, m_path + QStringLiteral(".old")));
        QVERIFY(QFile::rename(replacement, m_path));
        holder.release();
        QVERIFY(waiting->wait(10000));
        delete waiting;
        QVERIFY(locked);
        QVERIFY(sameFile(waiter.descriptor(), m_path));
    }

    void aMissingFileIsNotCreatedWhenAskedNotTo()
    {
        FileLock reader(m_path, {.mode = FileLock::Mode::Shared, .create = false});
        const FileLock::Attempt attempt = reader.acquire(0);
        QVERIFY(!attempt);
        QVERIFY(!attempt.busy);
        QVERIFY2(attempt.error().startsWith(QStringLiteral("cannot open")), qPrintable(attempt.error()));
        QVERIFY(!QFileInfo::exists(m_path));
    }

    void theHolderReadsAndWritesThroughTheLock()
    {
        {
            FileLock writer(m_path);
            QVERIFY(writer.acquire(FileLock::kWaitForever));
            QCOMPARE(::write(writer.descriptor(), "record", 6), ssize_t(6));
        }
        FileLock reader(m_path, {.mode = FileLock::Mode::Shared, .create = false});
        QVERIFY(reader.acquire(FileLock::kWaitForever));
        char buffer[16] = {};
        QCOMPARE(::read(reader.descriptor(), buffer, sizeof buffer), ssize_t(6));
        QCOMPARE(QByteArray(buffer), QByteArray("record"));
        QCOMPARE(::write(reader.descriptor(), "x", 1), ssize_t(-1));  // a shared lock is read-only
        reader.release();
        QCOMPARE(reader.descriptor(), -1);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc >= 4 && qstrcmp(argv[1], "--hold") == 0)
        return holdLock(QFile::decodeName(argv[2]), QByteArray(argv[3]), argc > 4 ? std::atoi(argv[4]) : -1);
    TestFileLock test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_filelock.moc"
