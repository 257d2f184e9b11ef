#include "config/RemoteCommandGate.h"

#include "TestEnvironment.h"

#include <QFile>
#include <QtTest>

#include <memory>

using teamai::AgentSettings;
using teamai::RemoteCommandGate;
using Reason = RemoteCommandGate::Decision::Reason;

/// @brief Tests of RemoteCommandGate: the SPEC §5 kill switch and its order of precedence.
class TestRemoteCommandGate : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_env = std::make_unique<teamai::test::TestEnvironment>();
        // Never read the machine's real policy; the file does not exist until a test writes it.
        m_policyPath = m_env->home() + QStringLiteral("/policy.json");
        qputenv("TEAMAI_POLICY_FILE", QFile::encodeName(m_policyPath));
    }
    void cleanup()
    {
        qunsetenv("TEAMAI_POLICY_FILE");
        qunsetenv("TEAMAI_DISABLE_REMOTE_CMD");
        m_env.reset();
    }

    void enabledByDefault()
    {
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);
        QCOMPARE(d.reason, Reason::None);
        QVERIFY(!d.locked);
        QCOMPARE(d.policyPath, m_policyPath);
        QVERIFY(!QFile::exists(AgentSettings::defaultPath())); // evaluating writes nothing
    }

    void environmentDisables_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("disables");
        QTest::newRow("1") << QByteArray("1") << true;
        QTest::newRow("true") << QByteArray("true") << true;
        QTest::newRow("YES") << QByteArray("YES") << true;
        QTest::newRow("padded") << QByteArray(" yes ") << true;
        QTest::newRow("0") << QByteArray("0") << false;
        QTest::newRow("false") << QByteArray("false") << false;
        QTest::newRow("empty") << QByteArray("") << false;
    }

    void environmentDisables()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, disables);
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", value);
        const auto d = RemoteCommandGate::evaluate();
        QCOMPARE(d.allowed, !disables);
        QCOMPARE(d.reason, disables ? Reason::Env : Reason::None);
        if (value == "1")
            QCOMPARE(d.detail, QStringLiteral("disabled by TEAMAI_DISABLE_REMOTE_CMD=1"));
    }

    void userSwitchPersistsAndIsSeenAtOnce()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")), QString());
        auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::User);
        QVERIFY(!d.locked);
        QCOMPARE(d.changedBy, QStringLiteral("cli"));
        QVERIFY(!d.changedAt.isEmpty());
        QVERIFY(d.detail.contains(QStringLiteral("cli")));

        // Another process (the tray) flips it back by rewriting the file: seen on the next call.
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"remoteCommands": {"enabled": true, "changedBy": "tray", "changedAt": "t"}})");
        d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);
        QCOMPARE(d.changedBy, QStringLiteral("tray"));
    }

    void environmentBeatsUserEnabled()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")), QString());
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Env);
    }

    void lockedPolicyDisablesAndRefusesUserChange()
    {
        writePolicy(R"({"remoteCommands": {"enabled": false, "locked": true}})");
        auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(d.locked);
        QVERIFY(d.detail.contains(m_policyPath));

        const QString error = RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray"));
        QCOMPARE(error, QStringLiteral("remote commands are locked disabled by the administrator policy at %1")
                            .arg(m_policyPath));
        QVERIFY(!QFile::exists(AgentSettings::defaultPath()));
    }

    void lockedPolicyBeatsUserSwitch()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")), QString());
        writePolicy(R"({"remoteCommands": {"enabled": false, "locked": true}})");
        QVERIFY(!RemoteCommandGate::evaluate().allowed);
    }

    void lockedEnabledPolicyBeatsEnvironmentAndUser()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")), QString());
        writePolicy(R"({"remoteCommands": {"enabled": true, "locked": true}})");
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(d.locked);
        QVERIFY(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")).contains(QStringLiteral("locked enabled")));
    }

    void unlockedPolicyIsOnlyTheDefault()
    {
        writePolicy(R"({"remoteCommands": {"enabled": false}})");
        auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(!d.locked);

        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")), QString());
        d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);
        QCOMPARE(d.reason, Reason::None);

        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "true");
        QCOMPARE(RemoteCommandGate::evaluate().reason, Reason::Env);
    }

    void malformedPolicyDisablesAndLocks()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")), QString());
        writePolicy("{ this is not json");
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(d.locked);
        QVERIFY(d.policyInvalid);
        QVERIFY(d.detail.contains(QStringLiteral("invalid")));
        const QString error = RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray"));
        QVERIFY(error.startsWith(QStringLiteral("remote commands are locked disabled by the administrator policy at ")));
        QVERIFY(error.contains(QStringLiteral("invalid")));
    }

    void invalidSettingsFailClosed()
    {
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{ broken");
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::User);
        // The user cannot flip it until the file is fixed: nothing overwrites it.
        QVERIFY(!RemoteCommandGate::setUserEnabled(true, QStringLiteral("cli")).isEmpty());
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/local-agent/settings.json")), QByteArray("{ broken"));
    }

    void pureEvaluateOrder()
    {
        teamai::AdminPolicy::Loaded policy;
        AgentSettings::Loaded settings;
        settings.settings.setRemoteCommandsEnabled(false, QStringLiteral("cli"));
        QCOMPARE(RemoteCommandGate::evaluate(policy, QString(), settings).reason, Reason::User);
        QCOMPARE(RemoteCommandGate::evaluate(policy, QStringLiteral("1"), settings).reason, Reason::Env);
        policy.exists = true;
        policy.locked = true;
        policy.remoteCommandsEnabled = true;
        const auto d = RemoteCommandGate::evaluate(policy, QStringLiteral("1"), settings);
        QVERIFY(d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
    }

    void commandTimeoutCap()
    {
        QVERIFY(!RemoteCommandGate::commandTimeoutCapMs());
        writePolicy(R"({"maxCommandTimeoutSeconds": 60})");
        QCOMPARE(RemoteCommandGate::commandTimeoutCapMs(), std::optional<int>(60000));
        QVERIFY(RemoteCommandGate::evaluate().allowed); // a timeout cap alone gates nothing
        writePolicy(R"({"maxCommandTimeoutSeconds": "soon"})");
        QVERIFY(!RemoteCommandGate::commandTimeoutCapMs());
    }

private:
    void writePolicy(const QByteArray &content) { m_env->writeFile(QStringLiteral("policy.json"), content); }

    std::unique_ptr<teamai::test::TestEnvironment> m_env;
    QString m_policyPath;
};

QTEST_GUILESS_MAIN(TestRemoteCommandGate)
#include "tst_remotecommandgate.moc"
