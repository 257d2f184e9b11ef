// Hook rules: add, replace, remove one tagged entry, tracked in agent-hooks.json.

#include "agenthooks/AgentHookRegistry.h"
#include "agenthooks/HookRules.h"
#include "tools/ToolTable.h"
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

class TestHookRules : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> m_env;
    static const ToolInfo &claude() { return *findTool(QStringLiteral("claude")); }
    QJsonObject settings() const
    {
        return QJsonDocument::fromJson(m_env->readFile(QStringLiteral(".claude/settings.json"))).object();
    }

private slots:
    void init() { m_env = std::make_unique<TestEnvironment>(); }
    void cleanup() { m_env.reset(); }

    void installReplaceRemove()
    {
        m_env->writeFile(QStringLiteral(".claude/settings.json"),
                         "{\"permissions\": {\"allow\": [\"Read\"]}, \"hooks\": {\"PreToolUse\": "
                         "[{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}");
        const HookRuleOutcome first = hookrules::install(claude(), m_env->home(), QStringLiteral("user"),
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
        QVERIFY(hookrules::install(claude(), m_env->home(), QStringLiteral("user"), moved).ok);
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
        QVERIFY(!QFile::exists(m_env->home() + QStringLiteral("/.claude/settings.json")));
    }

    void taggedEntryIsRemovedEvenWithoutTheRegistry()
    {
        QVERIFY(hookrules::install(claude(), m_env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("Stop"), QStringLiteral("echo x"))).ok);
        QFile::remove(AgentHookRegistry::defaultPath());
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("x")).ok);
        QVERIFY(!settings().contains(QStringLiteral("hooks")));
    }

    void badEventIsRefused()
    {
        const HookRuleOutcome outcome = hookrules::install(claude(), m_env->home(), QStringLiteral("user"),
                                                           spec(QStringLiteral("x"), QStringLiteral("no such/event"), QStringLiteral("echo")));
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.error, QStringLiteral("Unsupported hook event for claude: no such/event"));
    }

    void otherToolsAreSeparate()
    {
        const ToolInfo &cursor = *findTool(QStringLiteral("cursor"));
        QVERIFY(hookrules::install(claude(), m_env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("stop"), QStringLiteral("a"))).ok);
        QVERIFY(hookrules::install(cursor, m_env->home(), QStringLiteral("user"), spec(QStringLiteral("x"), QStringLiteral("stop"), QStringLiteral("b"))).ok);
        QVERIFY(hookrules::uninstall(claude(), QStringLiteral("x")).ok);
        const QJsonObject cursorHooks = QJsonDocument::fromJson(m_env->readFile(QStringLiteral(".cursor/hooks.json"))).object();
        QCOMPARE(cursorHooks.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("stop")).toArray().size(), 1);
        QCOMPARE(hookrules::installed(cursor).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHookRules)
#include "tst_hookrules.moc"
