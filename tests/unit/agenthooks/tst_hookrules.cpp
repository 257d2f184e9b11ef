// Hook rules: add, replace, remove one tagged entry, tracked in agent-hooks.json.

#include "agenthooks/AgentHookRegistry.h"
#include "agenthooks/HookRuleGate.h"
#include "agenthooks/HookRules.h"
#include "tools/ToolTable.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using namespace teamai::agenthooks;
using namespace teamai::test;

namespace {

HookRuleSpec spec(const QString &slug, const QString &event, const QString &command, const QString &matcher = {})
{
    HookRuleSpec s;
    s.slug = slug;
    s.event = event;
    s.command = command;
    s.matcher = matcher;
    return s;
}

} // namespace

class TestHookRules : public teamai::test::HomeTestCase
{
    Q_OBJECT
private:
    static const ToolInfo &claude() { return *findTool(QStringLiteral("claude")); }
    QJsonObject settings() const
    {
        return QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude/settings.json"))).object();
    }

private slots:
    void installReplaceRemove()
    {
        env->writeFile(QStringLiteral(".claude/settings.json"),
                         "{\"permissions\": {\"allow\": [\"Read\"]}, \"hooks\": {\"PreToolUse\": "
                         "[{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}");
        const HookRuleOutcome first = hookrules::install(claude(), env->home(), QStringLiteral("user"),
                                                         spec(QStringLiteral("lint"), QStringLiteral("PreToolUse"), QStringLiteral("lint --fast"), QStringLiteral("Edit")));
        QVERIFY2(first.ok, qPrintable(first.error));
        QJsonArray pre = settings().value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PreToolUse")).toArray();
        QCOMPARE(pre.size(), 2);
        const QJsonObject group = pre.at(1).toObject();
        QCOMPARE(group.value(QStringLiteral("matcher")).toString(), QStringLiteral("Edit"));
        const QJsonObject hook = group.value(QStringLiteral("hooks")).toArray().at(0).toObject();
        QCOMPARE(hook.value(QStringLiteral("command")).toString(), QStringLiteral("lint --fast"));
        QCOMPARE(hook.value(QStringLiteral("timeout")).toInt(), 10);
        QCOMPARE(hook.value(QStringLiteral("_teamai")).toString(), QStringLiteral("[teamai:agent-hook:lint]"));
        QCOMPARE(AgentHookRegistry::load().registry.forTool(QStringLiteral("claude")).size(), 1);

        // Re-install under another event: the old entry goes.
        HookRuleSpec moved = spec(QStringLiteral("lint"), QStringLiteral("post-tool-use"), QStringLiteral("lint --all"));
        moved.timeoutSeconds = 30;
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), moved).ok);
        const QJsonObject hooks = settings().value(QStringLiteral("hooks")).toObject();
        QCOMPARE(hooks.value(QStringLiteral("PreToolUse")).toArray().size(), 1);
        const QJsonObject post = hooks.value(QStringLiteral("PostToolUse")).toArray().at(0).toObject()
                                     .value(QStringLiteral("hooks")).toArray().at(0).toObject();
        QCOMPARE(post.value(QStringLiteral("command")).toString(), QStringLiteral("lint --all"));
        QCOMPARE(post.value(QStringLiteral("timeout")).toInt(), 30);

        const HookRuleOutcome removed = hookrules::uninstall(claude(), QStringLiteral("lint"));
        QVERIFY(removed.ok);
        QCOMPARE(settings(), QJsonDocument::fromJson("{\"permissions\": {\"allow\": [\"Read\"]}, \"hooks\": {\"PreToolUse\": "
                                                      "[{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}").object());
        QVERIFY(AgentHookRegistry::load().registry.forTool(QStringLiteral("claude")).isEmpty());
    }

    void unknownSlugSucceeds()
    {
        const HookRuleOutcome outcome = hookrules::uninstall(claude(), QStringLiteral("never"));
        QVERIFY(outcome.ok);
        QVERIFY(!QFile::exists(env->home() + QStringLiteral("/.claude/settings.json")));
    }

    void taggedEntryIsRemovedEvenWithoutTheRegistry()
    {
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("Stop"), QStringLiteral("echo x"))).ok);
        QFile::remove(AgentHookRegistry::defaultPath());
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("x")).ok);
        QVERIFY(!settings().contains(QStringLiteral("hooks")));
    }

    void badEventIsRefused()
    {
        const HookRuleOutcome outcome = hookrules::install(claude(), env->home(), QStringLiteral("user"),
                                                           spec(QStringLiteral("x"), QStringLiteral("no such/event"), QStringLiteral("echo")));
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.error, QStringLiteral("Unsupported hook event for claude: no such/event"));
    }

    void tagRecognition()
    {
        const QJsonObject ours{{QStringLiteral("command"), QStringLiteral("x")}, {QStringLiteral("_teamai"), QStringLiteral("[teamai:agent-hook:lint]")}};
        QVERIFY(hookrules::isTaggedAs(ours, QStringLiteral("lint")));
        QVERIFY(!hookrules::isTaggedAs(ours, QStringLiteral("lin")));
        QVERIFY(!hookrules::isTaggedAs(ours, QStringLiteral("lint-x")));
        QVERIFY(!hookrules::isTaggedAs(QJsonObject{{QStringLiteral("command"), QStringLiteral("x")}}, QStringLiteral("lint")));
        QVERIFY(!hookrules::isTaggedAs(QJsonObject{{QStringLiteral("_teamai"), QStringLiteral("[teamai]")}}, QStringLiteral("lint")));
        QVERIFY(!hookrules::isTaggedAs(QJsonObject{{QStringLiteral("_teamai"), QStringLiteral("[teamai:agent-hook:lint] ")}}, QStringLiteral("lint")));
        QVERIFY(!hookrules::isTaggedAs(QJsonObject{{QStringLiteral("description"), QStringLiteral("[teamai:agent-hook:lint]")}}, QStringLiteral("lint")));
    }

    // The user's own hook that runs the very same command, in the same event and matcher, is theirs.
    void usersIdenticalHookSurvivesUninstall()
    {
        const QByteArray mine = "{\"hooks\": {\"PostToolUse\": [{\"matcher\": \"Edit\", \"hooks\": "
                                "[{\"type\": \"command\", \"command\": \"npx prettier --write .\", \"timeout\": 10}]}]}}";
        env->writeFile(QStringLiteral(".claude/settings.json"), mine);
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"),
                                   spec(QStringLiteral("fmt"), QStringLiteral("PostToolUse"), QStringLiteral("npx prettier --write ."), QStringLiteral("Edit"))).ok);
        QCOMPARE(settings().value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PostToolUse")).toArray().size(), 2);
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("fmt")).ok);
        QCOMPARE(settings(), QJsonDocument::fromJson(mine).object());
        // Nor does an entry whose tag was dropped count as ours any more: it is removed by nobody.
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("fmt")).ok);
        QCOMPARE(settings(), QJsonDocument::fromJson(mine).object());
    }

    void withdrawAndRestoreExactlyOnce()
    {
        const QByteArray mine = "{\"model\": \"opus\", \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": "
                                "[{\"type\": \"command\", \"command\": \"notify done\", \"timeout\": 10}]}]}}";
        env->writeFile(QStringLiteral(".claude/settings.json"), mine);
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("n"), QStringLiteral("Stop"), QStringLiteral("notify done"))).ok);
        QVERIFY(hookrules::install(*findTool(QStringLiteral("cursor")), env->home(), QStringLiteral("user"),
                                   spec(QStringLiteral("c"), QStringLiteral("stop"), QStringLiteral("audit"))).ok);
        const QByteArray installedClaude = env->readFile(QStringLiteral(".claude/settings.json"));
        const QByteArray installedCursor = env->readFile(QStringLiteral(".cursor/hooks.json"));

        hookrules::GateFollowed followed = hookrules::followGate(false, QStringLiteral("user"), 1000);
        QVERIFY2(followed.ok(), qPrintable(followed.errors.join(u'\n')));
        QCOMPARE(followed.withdrawn, 2);
        QCOMPARE(settings(), QJsonDocument::fromJson(mine).object());  // the user's identical hook stays
        QVERIFY(!env->readFile(QStringLiteral(".cursor/hooks.json")).contains("audit"));
        const QList<HookRuleRecord> records = AgentHookRegistry::load().registry.all();
        QCOMPARE(records.size(), 2);
        for (const HookRuleRecord &record : records) {
            QVERIFY(record.withdrawn);
            QCOMPARE(record.withdrawnBecause, QStringLiteral("user"));
            QCOMPARE(hookrules::stateName(record), QStringLiteral("withdrawn"));
        }
        // Again: nothing to do, nothing written.
        QCOMPARE(hookrules::followGate(false, QStringLiteral("env"), 1000).withdrawn, 0);
        QCOMPARE(AgentHookRegistry::load().registry.all().first().withdrawnBecause, QStringLiteral("user"));

        followed = hookrules::followGate(true, QString(), 1000);
        QVERIFY(followed.ok());
        QCOMPARE(followed.restored, 2);
        QCOMPARE(QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude/settings.json"))).object(),
                 QJsonDocument::fromJson(installedClaude).object());
        QCOMPARE(QJsonDocument::fromJson(env->readFile(QStringLiteral(".cursor/hooks.json"))).object(),
                 QJsonDocument::fromJson(installedCursor).object());
        QCOMPARE(hookrules::followGate(true, QString(), 1000).restored, 0);
        for (const HookRuleRecord &record : AgentHookRegistry::load().registry.all())
            QVERIFY(!record.withdrawn);
    }

    void restoreHealsAHalfDoneRestore()
    {
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("n"), QStringLiteral("Stop"), QStringLiteral("notify"))).ok);
        const QByteArray installed = env->readFile(QStringLiteral(".claude/settings.json"));
        QCOMPARE(hookrules::followGate(false, QStringLiteral("user"), 1000).withdrawn, 1);
        // As if a restore wrote the settings and died before agent-hooks.json: still one entry after.
        env->writeFile(QStringLiteral(".claude/settings.json"), installed);
        QCOMPARE(hookrules::followGate(true, QString(), 1000).restored, 1);
        QCOMPARE(env->readFile(QStringLiteral(".claude/settings.json")), installed);
    }

    void unreadableSettingsIsReportedAndRetried()
    {
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("n"), QStringLiteral("Stop"), QStringLiteral("notify"))).ok);
        env->writeFile(QStringLiteral(".claude/settings.json"), "{ broken");
        const hookrules::GateFollowed followed = hookrules::followGate(false, QStringLiteral("user"), 1000);
        QCOMPARE(followed.withdrawn, 0);
        QCOMPARE(followed.errors.size(), 1);
        QVERIFY(followed.errors.first().contains(QStringLiteral("hook rule n (claude)")));
        QCOMPARE(env->readFile(QStringLiteral(".claude/settings.json")), QByteArray("{ broken"));
        QVERIFY(!AgentHookRegistry::load().registry.all().first().withdrawn);  // not claimed withdrawn
    }

    // agent-hooks.json is read back as carefully as the install wrote it: a record pointing at
    // another file, or carrying an event the tool would not use, is refused and left alone.
    void aTamperedRecordIsNotFollowed()
    {
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("n"), QStringLiteral("Stop"), QStringLiteral("notify"))).ok);
        QCOMPARE(hookrules::followGate(false, QStringLiteral("user"), 1000).withdrawn, 1);
        env->writeFile(QStringLiteral("Documents/notes.json"), "{\"keep\": true}");
        AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
        HookRuleRecord record = loaded.registry.all().first();
        record.settingsPath = env->home() + QStringLiteral("/Documents/notes.json");
        loaded.registry.put(record);
        QVERIFY(loaded.registry.save());
        hookrules::GateFollowed followed = hookrules::followGate(true, QString(), 1000);
        QCOMPARE(followed.restored, 0);
        QVERIFY(followed.errors.value(0).contains(QStringLiteral("not claude's hook settings")));
        QCOMPARE(env->readFile(QStringLiteral("Documents/notes.json")), QByteArray("{\"keep\": true}"));

        record.settingsPath = env->home() + QStringLiteral("/.claude/settings.json");
        record.agentEvent = QStringLiteral("Bogus Event");
        loaded.registry.put(record);
        QVERIFY(loaded.registry.save());
        followed = hookrules::followGate(true, QString(), 1000);
        QCOMPARE(followed.restored, 0);
        QVERIFY(followed.errors.value(0).contains(QStringLiteral("invalid event")));
        QVERIFY(!env->readFile(QStringLiteral(".claude/settings.json")).contains("Bogus"));
    }

    void uninstallOfAWithdrawnRule()
    {
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("n"), QStringLiteral("Stop"), QStringLiteral("notify"))).ok);
        QCOMPARE(hookrules::followGate(false, QStringLiteral("env"), 1000).withdrawn, 1);
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("n")).ok);
        QVERIFY(AgentHookRegistry::load().registry.all().isEmpty());
        QCOMPARE(hookrules::followGate(true, QString(), 1000).restored, 0);
        QVERIFY(!settings().contains(QStringLiteral("hooks")));
    }

    void otherToolsAreSeparate()
    {
        const ToolInfo &cursor = *findTool(QStringLiteral("cursor"));
        QVERIFY(hookrules::install(claude(), env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("stop"), QStringLiteral("a"))).ok);
        QVERIFY(hookrules::install(cursor, env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("stop"), QStringLiteral("b"))).ok);
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("x")).ok);
        const QJsonObject cursorHooks = QJsonDocument::fromJson(env->readFile(QStringLiteral(".cursor/hooks.json"))).object();
        QCOMPARE(cursorHooks.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("stop")).toArray().size(), 1);
        QCOMPARE(hookrules::installed(cursor).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHookRules)
#include "tst_hookrules.moc"
