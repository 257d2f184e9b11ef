// `--stdin-file F` (issue 14 item 2): the payload teamai-cli's detached spawner spools to a file is
// read and the file removed — only a regular file of this user's, never through a link, never a
// directory or a FIFO; anything else leaves an empty payload and the path untouched.

#include "hookinput/HookPayloadFile.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace teamai;

class TestHookPayloadFile : public teamai::test::HomeTestCase
{
    Q_OBJECT

private slots:
    void regularFileIsReadAndRemoved()
    {
        const QString path = env->writeFile(QStringLiteral("tmp/teamai-hook-1.json"), R"({"cwd":"/x"})");
        const hookpayload::FileRead read = hookpayload::readAndRemove(path);
        QCOMPARE(read.bytes, QByteArray(R"({"cwd":"/x"})"));
        QVERIFY2(read.removed, qPrintable(read.problem));
        QVERIFY(read.problem.isEmpty());
        QVERIFY(!QFileInfo::exists(path));
    }

    void readsAtMostTheLimit()
    {
        const QString path = env->writeFile(QStringLiteral("big.json"), QByteArray(100, 'x'));
        const hookpayload::FileRead read = hookpayload::readAndRemove(path, 10);
        QCOMPARE(read.bytes, QByteArray(10, 'x'));
        QVERIFY(read.removed);
    }

    void missingOrEmptyPath()
    {
        QVERIFY(hookpayload::readAndRemove(env->home() + QStringLiteral("/none.json")).bytes.isEmpty());
        QVERIFY(!hookpayload::readAndRemove(env->home() + QStringLiteral("/none.json")).problem.isEmpty());
        QVERIFY(!hookpayload::readAndRemove(QString()).problem.isEmpty());
    }

    void aLinkIsNeitherFollowedNorRemoved()
    {
        const QString target = env->writeFile(QStringLiteral("real.json"), R"({"secret":1})");
        const QString link = env->home() + QStringLiteral("/link.json");
        QVERIFY(QFile::link(target, link));
        const hookpayload::FileRead read = hookpayload::readAndRemove(link);
        QVERIFY(read.bytes.isEmpty());
        QVERIFY(!read.removed);
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(env->readFile(QStringLiteral("real.json")), QByteArray(R"({"secret":1})"));
    }

    void aDirectoryIsLeftAlone()
    {
        const QString dir = env->home() + QStringLiteral("/spool");
        QVERIFY(QDir().mkpath(dir));
        const hookpayload::FileRead read = hookpayload::readAndRemove(dir);
        QVERIFY(read.bytes.isEmpty());
        QVERIFY(!read.removed);
        QVERIFY(QFileInfo(dir).isDir());
    }

#ifdef Q_OS_UNIX
    void aFifoNeitherBlocksNorGoes()
    {
        const QString fifo = env->home() + QStringLiteral("/pipe");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const hookpayload::FileRead read = hookpayload::readAndRemove(fifo);  // no writer: must not wait
        QVERIFY(read.bytes.isEmpty());
        QVERIFY(!read.removed);
        QVERIFY(QFileInfo::exists(fifo));
    }

    void aFileWithAnotherNameIsReadButKept()
    {
        const QString path = env->writeFile(QStringLiteral("payload.json"), "{}");
        const QString other = env->home() + QStringLiteral("/other-name.json");
        QCOMPARE(::link(QFile::encodeName(path).constData(), QFile::encodeName(other).constData()), 0);
        const hookpayload::FileRead read = hookpayload::readAndRemove(path);
        QCOMPARE(read.bytes, QByteArray("{}"));
        QVERIFY(!read.removed);
        QVERIFY(QFileInfo::exists(path));
    }

    void anotherUsersFileIsNotRead()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to give a file to another user");
        const QString path = env->writeFile(QStringLiteral("theirs.json"), R"({"cwd":"/theirs"})");
        QCOMPARE(::chown(QFile::encodeName(path).constData(), 65534, 65534), 0);
        const hookpayload::FileRead read = hookpayload::readAndRemove(path);
        QVERIFY(read.bytes.isEmpty());
        QVERIFY(!read.removed);
        QVERIFY(QFileInfo::exists(path));
    }
#endif
};

QTEST_GUILESS_MAIN(TestHookPayloadFile)
#include "tst_hookpayloadfile.moc"
