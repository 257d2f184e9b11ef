#include "resources/InstallLock.h"

#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QtTest>

using namespace teamai;
using teamai::resources::InstallLock;

class TestInstallLock : public QObject
{
    Q_OBJECT
private slots:
    void excludesAnotherHolderUntilReleased()
    {
        test::TestEnvironment env;
        auto first = std::make_unique<InstallLock>();
        const Status firstLocked = first->acquire();
        QVERIFY2(firstLocked, qPrintable(firstLocked.error()));

        InstallLock second;
        QElapsedTimer timer;
        timer.start();
        const Status secondLocked = second.acquire(150);
        QVERIFY(!secondLocked);
        QVERIFY(timer.elapsed() >= 140);
        QCOMPARE(secondLocked.error(), QStringLiteral("Another TeamAI process is changing installed resources; try again later"));

        first.reset();  // released on destruction
        InstallLock third;
        const Status thirdLocked = third.acquire(150);
        QVERIFY2(thirdLocked, qPrintable(thirdLocked.error()));
        QCOMPARE(QFile::permissions(env.stateDir() + QStringLiteral("/resources.lock"))
                     & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                 QFile::Permissions());
    }

    void aHolderThatDiesReleasesIt()
    {
        // flock() belongs to the open file: a killed holder cannot leave a stale lock behind.
        // util-linux's flock(1) takes the same kind of lock from another process.
        test::TestEnvironment env;
        QDir().mkpath(env.stateDir());
        QProcess holder;
        // -o: the lock stays with flock(1) itself, not with the sleep it runs.
        holder.start(QStringLiteral("/usr/bin/flock"), {QStringLiteral("-o"), env.stateDir() + QStringLiteral("/resources.lock"),
                                                         QStringLiteral("/bin/sleep"), QStringLiteral("3")});
        QVERIFY(holder.waitForStarted());
        QDeadlineTimer settle(2000);
        // Wait until the holder has the lock (our attempt fails), then kill it.
        bool heldElsewhere = false;
        while (!heldElsewhere && !settle.hasExpired()) {
            InstallLock probe;
            heldElsewhere = !probe.acquire(0);
        }
        QVERIFY(heldElsewhere);
        holder.kill();
        QVERIFY(holder.waitForFinished());
        InstallLock again;
        const Status locked = again.acquire(2000);
        QVERIFY2(locked, qPrintable(locked.error()));
    }
};

QTEST_GUILESS_MAIN(TestInstallLock)
#include "tst_installlock.moc"
