// Hook rules and the kill switch, end to end (issue 12 item 4, issue 13 item 9): a rule the
// devserver installed is withdrawn from ~/.claude/settings.json the moment remote commands are
// disabled — by `teamai remote-cmd`, by TEAMAI_DISABLE_REMOTE_CMD=1 at the next hook, or by a
// policy — kept in agent-hooks.json, and restored exactly once when they are allowed again.
// uninstall_hook_rule works while disabled, and a user's own identical hook is never touched.

#include "AgentTestCase.h"

#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QString kSettings = QStringLiteral(".claude/settings.json");
const QString kTag = QStringLiteral("[teamai:agent-hook:fmt]");
const QString kCommand = QStringLiteral("npx prettier --write .");

// The user's own PostToolUse hook runs exactly the command the backend will push, with the same
// matcher: only the tag tells them apart.
const char *const kUserSettings =
    "{\"model\": \"opus\","
    " \"hooks\": {\"PostToolUse\": [{\"matcher\": \"Edit|Write\", \"hooks\": [{\"type\": \"command\","
    " \"command\": \"npx prettier --write .\", \"timeout\": 10}]}]}}";

QJsonObject hookRule(qint64 id, bool install)
{
    QJsonObject command{{QStringLiteral("id"), id},
                        {QStringLiteral("type"), install ? QStringLiteral("install_hook_rule") : QStringLiteral("uninstall_hook_rule")},
                        {QStringLiteral("slug"), QStringLiteral("fmt")}};
    if (install) {
        command.insert(QStringLiteral("event"), QStringLiteral("PostToolUse"));
        command.insert(QStringLiteral("matcher"), QStringLiteral("Edit|Write"));
        command.insert(QStringLiteral("cmd"), kCommand);
    }
    return command;
}

} // namespace

class TestHookRuleKillSwitchEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QJsonObject settings() const { return QJsonDocument::fromJson(f->env().readFile(kSettings)).object(); }
    static QJsonObject userSettings() { return QJsonDocument::fromJson(kUserSettings).object(); }

    /// Hook objects in ~/.claude/settings.json carrying our tag for `fmt`, and those that do not
    /// but run the same command (the user's).
    int countHooks(bool tagged) const
    {
        int count = 0;
        const QJsonObject hooks = settings().value(QStringLiteral("hooks")).toObject();
        for (const QJsonValue &event : hooks) {
            for (const QJsonValue &group : event.toArray()) {
                for (const QJsonValue &hook : group.toObject().value(QStringLiteral("hooks")).toArray()) {
                    const QJsonObject object = hook.toObject();
                    const bool ours = object.value(QStringLiteral("_teamai")).toString() == kTag;
                    if (ours == tagged && object.value(QStringLiteral("command")).toString() == kCommand)
                        ++count;
                }
            }
        }
        return count;
    }
    QJsonObject registryRule() const
    {
        const QJsonObject registry = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/agent-hooks.json"))).object();
        return registry.value(QStringLiteral("fmt")).toObject();
    }
    QJsonArray statusRules(const QStringList &env = {}) const
    {
        const TeamaiRun run = runTeamai({QStringLiteral("status"), QStringLiteral("--json")}, {}, env);
        if (run.exitCode != 0)
            qWarning("status failed: %s", run.err.constData());
        return QJsonDocument::fromJson(run.out).object().value(QStringLiteral("hook_rules")).toObject().value(QStringLiteral("rules")).toArray();
    }
    TeamaiRun remoteCmd(const QString &action, const QStringList &env = {}) const
    {
        return runTeamai({QStringLiteral("remote-cmd"), action}, {}, env);
    }
    bool ackOk(qint64 id) { return f->ackFor(id).value(QStringLiteral("status")).toString() == QLatin1String("success"); }
    QString ackError(qint64 id) { return f->ackFor(id).value(QStringLiteral("error")).toString(); }

    /// Installs `fmt` through the devserver and checks it landed next to the user's own hook.
    void installRule(qint64 id)
    {
        f->server().queue(hookRule(id, true));
        f->syncJson();
        QVERIFY2(ackOk(id), qPrintable(ackError(id)));
        QCOMPARE(countHooks(true), 1);
        QCOMPARE(countHooks(false), 1);
    }

    void setUp() override
    {
        f->env().writeFile(kSettings, kUserSettings);
    }

private slots:
    void disableWithdrawsAtOnceAndEnableRestoresOnce()
    {
        installRule(1);
        const QJsonObject installed = settings();

        const TeamaiRun off = remoteCmd(QStringLiteral("disable"));
        QCOMPARE(off.exitCode, 0);
        QVERIFY2(off.out.contains("1 withdrawn"), off.out.constData());
        // Gone from the agent's settings at once; the user's identical hook is exactly as it was.
        QCOMPARE(settings(), userSettings());
        // The definition stays, marked withdrawn by the user's switch.
        const QJsonObject record = registryRule();
        QCOMPARE(record.value(QStringLiteral("command")).toString(), kCommand);
        QCOMPARE(record.value(QStringLiteral("withdrawn")).toBool(), true);
        QCOMPARE(record.value(QStringLiteral("withdrawn_because")).toString(), QStringLiteral("user"));
        const QJsonArray listed = statusRules();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("slug")).toString(), QStringLiteral("fmt"));
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("tool")).toString(), QStringLiteral("claude"));
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("event")).toString(), QStringLiteral("PostToolUse"));
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("withdrawn"));

        // A sync round while disabled keeps it out.
        f->syncJson();
        QCOMPARE(countHooks(true), 0);

        QCOMPARE(remoteCmd(QStringLiteral("enable")).exitCode, 0);
        QCOMPARE(countHooks(true), 1);
        QCOMPARE(countHooks(false), 1);
        QCOMPARE(settings(), installed);
        QVERIFY(!registryRule().contains(QStringLiteral("withdrawn")));
        QCOMPARE(statusRules().at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("active"));

        // Enabling again, and another round, restore nothing more: still exactly one.
        QCOMPARE(remoteCmd(QStringLiteral("enable")).exitCode, 0);
        f->syncJson();
        QCOMPARE(countHooks(true), 1);
        QCOMPARE(settings(), installed);

        // The human status lists it too.
        const TeamaiRun human = runTeamai({QStringLiteral("status")});
        QVERIFY2(human.out.contains("fmt  claude  PostToolUse  active"), human.out.constData());
    }

    void environmentWithdrawsAtTheNextHook()
    {
        installRule(10);
        const QJsonObject installed = settings();
        const TeamaiRun hook = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("claude")},
                                         "{}", {QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")});
        QCOMPARE(hook.exitCode, 0);
        QVERIFY(f->waitForWorkers());
        QCOMPARE(settings(), userSettings());
        QCOMPARE(registryRule().value(QStringLiteral("withdrawn_because")).toString(), QStringLiteral("env"));
        QCOMPARE(statusRules().at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("withdrawn"));

        // The next round without the variable brings it back, once.
        f->syncJson();
        QCOMPARE(settings(), installed);
    }

    void lockedPolicyWithdrawsAtTheNextRound()
    {
        installRule(20);
        const QString policy = f->env().home() + QStringLiteral("/policy.json");
        f->env().writeFile(QStringLiteral("policy.json"), R"({"remoteCommands": {"enabled": false, "locked": true}})");
        f->syncJson({QStringLiteral("TEAMAI_POLICY_FILE=") + policy});
        QCOMPARE(settings(), userSettings());
        QCOMPARE(registryRule().value(QStringLiteral("withdrawn_because")).toString(), QStringLiteral("policy"));
        // The user cannot bring it back while the policy locks remote commands off.
        QCOMPARE(remoteCmd(QStringLiteral("enable"), {QStringLiteral("TEAMAI_POLICY_FILE=") + policy}).exitCode, 1);
        QCOMPARE(settings(), userSettings());
    }

    void uninstallWorksWhileDisabled()
    {
        installRule(30);
        QCOMPARE(remoteCmd(QStringLiteral("disable")).exitCode, 0);

        f->server().queue(hookRule(31, false));
        const QJsonObject result = f->syncJson();
        QCOMPARE(AgentFixture::commandIn(result, 31).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        QVERIFY2(ackOk(31), qPrintable(ackError(31)));
        QVERIFY(registryRule().isEmpty());
        QVERIFY(statusRules().isEmpty());
        QCOMPARE(settings(), userSettings());

        // Nothing to restore: the user's own hook survives enable unchanged, ours never returns.
        QCOMPARE(remoteCmd(QStringLiteral("enable")).exitCode, 0);
        QCOMPARE(settings(), userSettings());
    }

    void uninstallLeavesTheUsersIdenticalHook()
    {
        installRule(40);
        f->server().queue(hookRule(41, false));
        f->syncJson();
        QVERIFY2(ackOk(41), qPrintable(ackError(41)));
        QCOMPARE(settings(), userSettings());
    }

    void installWhileDisabledIsRefusedWithTheReason()
    {
        QCOMPARE(remoteCmd(QStringLiteral("disable")).exitCode, 0);
        f->server().queue(hookRule(50, true));
        f->syncJson();
        QCOMPARE(f->ackFor(50).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ackError(50), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(settings(), userSettings());
        const TeamaiRun history = runTeamai({QStringLiteral("history"), QStringLiteral("--json")});
        const QJsonObject row = QJsonDocument::fromJson(history.out.split('\n').first()).object();
        QCOMPARE(row.value(QStringLiteral("id")).toInteger(), 50);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(row.value(QStringLiteral("reason")).toString(), QStringLiteral("user"));
    }

    // Issue 13 item 9: a policy locked enabled does not beat TEAMAI_DISABLE_REMOTE_CMD=1.
    void environmentBeatsAPolicyLockedEnabled()
    {
        const QString policy = f->env().home() + QStringLiteral("/policy.json");
        f->env().writeFile(QStringLiteral("policy.json"), R"({"remoteCommands": {"enabled": true, "locked": true}})");
        const QStringList env{QStringLiteral("TEAMAI_POLICY_FILE=") + policy, QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")};
        const TeamaiRun status = remoteCmd(QStringLiteral("status"), env);
        QCOMPARE(status.exitCode, 0);
        QVERIFY2(status.out.startsWith("Remote commands: disabled — disabled by TEAMAI_DISABLE_REMOTE_CMD=1"), status.out.constData());
        QVERIFY(!status.out.contains("allowed"));
        QVERIFY(!status.out.contains("(locked by policy)"));

        f->server().queue(hookRule(60, true));
        f->syncJson(env);
        QCOMPARE(ackError(60), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(settings(), userSettings());
    }
};

QTEST_GUILESS_MAIN(TestHookRuleKillSwitchEndToEnd)
#include "tst_hookrule_killswitch_e2e.moc"
