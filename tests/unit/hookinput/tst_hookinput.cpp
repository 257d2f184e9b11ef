#include "hookinput/HookInput.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QtTest>

using namespace teamai;

class TestHookInput : public QObject
{
    Q_OBJECT
private slots:
    void usesCwdFromJson()
    {
        test::TestEnvironment env;
        const HookInput input = HookInput::fromBytes(QStringLiteral(R"({"session_id":"s","cwd":"%1"})").arg(env.home()).toUtf8());
        QCOMPARE(input.cwd, env.home());
        QVERIFY(input.parseError.isEmpty());
        QCOMPARE(input.json.value(QStringLiteral("session_id")).toString(), QStringLiteral("s"));
    }
    void fallsBackToProcessCwd_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("hasParseError");
        QTest::newRow("empty") << QByteArray() << false;
        QTest::newRow("whitespace") << QByteArray(" \n") << false;
        QTest::newRow("garbage") << QByteArray("{not json") << true;
        QTest::newRow("array") << QByteArray("[1,2]") << true;
        QTest::newRow("relative cwd") << QByteArray(R"({"cwd":"relative/path"})") << false;
        QTest::newRow("missing folder") << QByteArray(R"({"cwd":"/definitely/not/here"})") << false;
        QTest::newRow("cwd not a string") << QByteArray(R"({"cwd":42})") << false;
    }
    void fallsBackToProcessCwd()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, hasParseError);
        const HookInput input = HookInput::fromBytes(bytes);
        QCOMPARE(input.cwd, QDir::currentPath());
        QCOMPARE(!input.parseError.isEmpty(), hasParseError);
    }
    void sandboxGuard()
    {
        test::TestEnvironment env;
        if (QFileInfo::exists(QStringLiteral("/var/run/cloudstudio")))
            QSKIP("this machine is a CloudStudio container");
        QVERIFY(!shouldSkipReportInSandbox());
        qputenv("X_IDE_IS_CLOUDSTUDIO", "TRUE");
        QVERIFY(shouldSkipReportInSandbox());
        qputenv("TEAMAI_ALLOW_SANDBOX_REPORT", "1");
        QVERIFY(!shouldSkipReportInSandbox());
        qunsetenv("TEAMAI_ALLOW_SANDBOX_REPORT");
        qunsetenv("X_IDE_IS_CLOUDSTUDIO");
    }
};

QTEST_GUILESS_MAIN(TestHookInput)
#include "tst_hookinput.moc"
