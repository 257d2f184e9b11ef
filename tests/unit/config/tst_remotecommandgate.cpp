#include "config/RemoteCommandGate.h"

#include "DataTable.h"
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

    void environmentDisables_data() { teamai::test::loadTable(); }

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
        QCOMPARE(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")).error(), QString());
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
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error(), QString());
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

        const QString error = RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error();
        QCOMPARE(error, QStringLiteral("remote commands are locked disabled by the administrator policy at %1")
                            .arg(m_policyPath));
        QVERIFY(!QFile::exists(AgentSettings::defaultPath()));
    }

    void lockedPolicyBeatsUserSwitch()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error(), QString());
        writePolicy(R"({"remoteCommands": {"enabled": false, "locked": true}})");
        QVERIFY(!RemoteCommandGate::evaluate().allowed);
    }

    // Issue 13 item 9: the environment kill switch wins even over a policy locked enabled.
    void environmentBeatsLockedEnabledPolicy()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")).error(), QString());
        writePolicy(R"({"remoteCommands": {"enabled": true, "locked": true}})");
        auto d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);  // without the environment, the lock beats the user's old "disabled"
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(d.locked);
        QVERIFY(RemoteCommandGate::setUserEnabled(false, QStringLiteral("cli")).error().contains(QStringLiteral("locked enabled")));

        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Env);
        QVERIFY(!d.locked);  // the policy does not decide: the tray must not show "locked"
        QCOMPARE(RemoteCommandGate::statusLine(d),
                 QStringLiteral("disabled — disabled by TEAMAI_DISABLE_REMOTE_CMD=1 (this wins over the administrator "
                                "policy at %1, which locks them enabled)").arg(m_policyPath));
    }

    // Every combination of environment × user switch × policy (enabled/disabled × locked/not).
    void gateMatrix_data()
    {
        QTest::addColumn<bool>("envDisables");
        QTest::addColumn<int>("user");      // 0 never chosen, 1 enabled, 2 disabled
        QTest::addColumn<int>("policy");    // 0 none, 1 enabled, 2 disabled, 3 enabled+locked, 4 disabled+locked
        QTest::addColumn<bool>("allowed");
        QTest::addColumn<int>("reason");
        QTest::addColumn<bool>("locked");
        const char *const users[] = {"user-unset", "user-on", "user-off"};
        const char *const policies[] = {"no-policy", "policy-on", "policy-off", "policy-on-locked", "policy-off-locked"};
        for (bool env : {false, true}) {
            for (int user = 0; user < 3; ++user) {
                for (int policy = 0; policy < 5; ++policy) {
                    // Expected, written out as the rule reads (docs/security.md).
                    bool allowed = true;
                    Reason reason = Reason::None;
                    bool locked = false;
                    if (env) {
                        allowed = false;
                        reason = Reason::Env;
                    } else if (policy >= 3) {
                        allowed = policy == 3;
                        reason = Reason::Policy;
                        locked = true;
                    } else if (user != 0) {
                        allowed = user == 1;
                        reason = allowed ? Reason::None : Reason::User;
                    } else if (policy != 0) {
                        allowed = policy == 1;
                        reason = allowed ? Reason::None : Reason::Policy;
                    }
                    QTest::addRow("%s/%s/%s", env ? "env-1" : "env-unset", users[user], policies[policy])
                        << env << user << policy << allowed << int(reason) << locked;
                }
            }
        }
    }
    void gateMatrix()
    {
        QFETCH(bool, envDisables);
        QFETCH(int, user);
        QFETCH(int, policy);
        teamai::AdminPolicy::Loaded loadedPolicy;
        loadedPolicy.path = m_policyPath;
        if (policy != 0) {
            loadedPolicy.exists = true;
            loadedPolicy.remoteCommandsEnabled = policy == 1 || policy == 3;
            loadedPolicy.locked = policy >= 3;
        }
        AgentSettings::Loaded settings;
        if (user != 0)
            settings.settings.setRemoteCommandsEnabled(user == 1, QStringLiteral("cli"));
        const auto d = RemoteCommandGate::evaluate(loadedPolicy, envDisables ? QStringLiteral("1") : QString(), settings);
        QTEST(d.allowed, "allowed");
        QTEST(int(d.reason), "reason");
        QTEST(d.locked, "locked");
        QVERIFY(!d.detail.isEmpty());
        QCOMPARE(RemoteCommandGate::statusLine(d).startsWith(d.allowed ? QStringLiteral("allowed") : QStringLiteral("disabled")), true);
        QCOMPARE(RemoteCommandGate::statusLine(d).contains(QStringLiteral("(locked by policy)")), d.locked);
    }

    void unlockedPolicyIsOnlyTheDefault()
    {
        writePolicy(R"({"remoteCommands": {"enabled": false}})");
        auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(!d.locked);

        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error(), QString());
        d = RemoteCommandGate::evaluate();
        QVERIFY(d.allowed);
        QCOMPARE(d.reason, Reason::None);

        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "true");
        QCOMPARE(RemoteCommandGate::evaluate().reason, Reason::Env);
    }

    void malformedPolicyDisablesAndLocks()
    {
        QCOMPARE(RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error(), QString());
        writePolicy("{ this is not json");
        const auto d = RemoteCommandGate::evaluate();
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Policy);
        QVERIFY(d.locked);
        QVERIFY(d.policyInvalid);
        QVERIFY(d.detail.contains(QStringLiteral("invalid")));
        const QString error = RemoteCommandGate::setUserEnabled(true, QStringLiteral("tray")).error();
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
        QVERIFY(!RemoteCommandGate::setUserEnabled(true, QStringLiteral("cli")).error().isEmpty());
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
        QVERIFY(RemoteCommandGate::evaluate(policy, QString(), settings).allowed);
        const auto d = RemoteCommandGate::evaluate(policy, QStringLiteral("1"), settings);
        QVERIFY(!d.allowed);
        QCOMPARE(d.reason, Reason::Env);
    }

    void reasonNames()
    {
        QCOMPARE(RemoteCommandGate::reasonName(Reason::Env), QStringLiteral("env"));
        QCOMPARE(RemoteCommandGate::reasonName(Reason::User), QStringLiteral("user"));
        QCOMPARE(RemoteCommandGate::reasonName(Reason::Policy), QStringLiteral("policy"));
        QCOMPARE(RemoteCommandGate::reasonName(Reason::None), QString());
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
