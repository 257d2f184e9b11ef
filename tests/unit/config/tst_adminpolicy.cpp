#include "config/AdminPolicy.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QtTest>

#include <memory>

using teamai::AdminPolicy;

/// @brief Tests of AdminPolicy: the administrator's policy file.
class TestAdminPolicy : public teamai::test::HomeTestCase
{
    Q_OBJECT

private slots:
    void systemPathIsPlatformPath()
    {
#if defined(Q_OS_LINUX)
        QCOMPARE(AdminPolicy::systemPath(), QStringLiteral("/etc/teamai/policy.json"));
#elif defined(Q_OS_MACOS)
        QCOMPARE(AdminPolicy::systemPath(), QStringLiteral("/Library/Application Support/TeamAI/policy.json"));
#endif
        QCOMPARE(AdminPolicy::path(), AdminPolicy::systemPath());
    }

    void environmentOverridesPath()
    {
        const QString path = env->home() + QStringLiteral("/policy.json");
        qputenv("TEAMAI_POLICY_FILE", QFile::encodeName(path));
        QCOMPARE(AdminPolicy::path(), path);
        QCOMPARE(AdminPolicy::load().path, path);
    }

    void missingFileIsNoPolicy()
    {
        const AdminPolicy::Loaded policy = AdminPolicy::load(env->home() + QStringLiteral("/none.json"));
        QVERIFY(!policy.exists);
        QVERIFY(policy.error.isEmpty());
        QVERIFY(!policy.remoteCommandsEnabled);
        QVERIFY(!policy.locked);
        QVERIFY(!policy.maxCommandTimeoutSeconds);
    }

    void readsFullPolicy()
    {
        const QString path = env->writeFile(QStringLiteral("policy.json"),
            R"({"remoteCommands": {"enabled": false, "locked": true}, "maxCommandTimeoutSeconds": 60,
                "comment": "unknown fields are ignored"})");
        const AdminPolicy::Loaded policy = AdminPolicy::load(path);
        QVERIFY2(policy.error.isEmpty(), qPrintable(policy.error));
        QVERIFY(policy.exists);
        QCOMPARE(policy.remoteCommandsEnabled, std::optional<bool>(false));
        QVERIFY(policy.locked);
        QCOMPARE(policy.maxCommandTimeoutSeconds, std::optional<int>(60));
        QCOMPARE(policy.path, path);
    }

    void partialPolicies()
    {
        const QString path = env->writeFile(QStringLiteral("p1.json"), R"({"remoteCommands": {"enabled": false}})");
        AdminPolicy::Loaded policy = AdminPolicy::load(path);
        QVERIFY(policy.error.isEmpty());
        QCOMPARE(policy.remoteCommandsEnabled, std::optional<bool>(false));
        QVERIFY(!policy.locked);

        const QString empty = env->writeFile(QStringLiteral("p2.json"), "{}");
        policy = AdminPolicy::load(empty);
        QVERIFY(policy.exists);
        QVERIFY(policy.error.isEmpty());
        QVERIFY(!policy.remoteCommandsEnabled);
        QVERIFY(!policy.locked);
    }

    void malformedPolicyIsSafe_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not json") << QByteArray("{remoteCommands: off}");
        QTest::newRow("empty file") << QByteArray();
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("remoteCommands bool") << QByteArray(R"({"remoteCommands": false})");
        QTest::newRow("enabled string") << QByteArray(R"({"remoteCommands": {"enabled": "false"}})");
        QTest::newRow("locked number") << QByteArray(R"({"remoteCommands": {"enabled": true, "locked": 1}})");
        QTest::newRow("locked without enabled") << QByteArray(R"({"remoteCommands": {"locked": true}})");
        QTest::newRow("timeout zero") << QByteArray(R"({"maxCommandTimeoutSeconds": 0})");
        QTest::newRow("timeout negative") << QByteArray(R"({"maxCommandTimeoutSeconds": -5})");
        QTest::newRow("timeout fraction") << QByteArray(R"({"maxCommandTimeoutSeconds": 1.5})");
        QTest::newRow("timeout string") << QByteArray(R"({"maxCommandTimeoutSeconds": "60"})");
        QTest::newRow("timeout huge") << QByteArray(R"({"maxCommandTimeoutSeconds": 1e12})");
    }

    void malformedPolicyIsSafe()
    {
        QFETCH(QByteArray, content);
        const QString path = env->writeFile(QStringLiteral("policy.json"), content);
        const AdminPolicy::Loaded policy = AdminPolicy::load(path);
        QVERIFY(policy.exists);
        QVERIFY(!policy.error.isEmpty());
        QVERIFY2(policy.error.contains(path), qPrintable(policy.error));
        QCOMPARE(policy.remoteCommandsEnabled, std::optional<bool>(false));
        QVERIFY(policy.locked);
        QVERIFY(!policy.maxCommandTimeoutSeconds);
    }

    void folderInsteadOfFileIsSafe()
    {
        const QString path = env->home() + QStringLiteral("/policy.json");
        QVERIFY(QDir().mkpath(path));
        const AdminPolicy::Loaded policy = AdminPolicy::load(path);
        QVERIFY(policy.exists);
        QVERIFY(!policy.error.isEmpty());
        QVERIFY(policy.locked);
        QCOMPARE(policy.remoteCommandsEnabled, std::optional<bool>(false));
    }
};

QTEST_GUILESS_MAIN(TestAdminPolicy)
#include "tst_adminpolicy.moc"
