// The dispatch hooks of `teamai init`: how they are recognised, quoted, installed and removed.

#include "agenthooks/DispatchHooks.h"
#include "agenthooks/HookEvents.h"
#include "tools/ToolTable.h"
#include "TestEnvironment.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using namespace teamai::agenthooks;
using namespace teamai::test;

class TestDispatchHooks : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> m_env;
    static const ToolInfo &tool(const char *name) { return *findTool(QString::fromLatin1(name)); }

private slots:
    void init() { m_env = std::make_unique<TestEnvironment>(); }
    void cleanup() { m_env.reset(); }

    void recognisedCommands_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("ours");
        QTest::newRow("ours") << QStringLiteral("/opt/teamai/bin/teamai --hook stop --tool claude") << true;
        QTest::newRow("quoted") << QStringLiteral("'/home/a b/teamai' --hook session-start --tool claude") << true;
        QTest::newRow("windows") << QStringLiteral("\"C:\\Program Files\\TeamAI\\teamai.exe\" --hook stop --tool claude") << true;
        QTest::newRow("reference") << QStringLiteral("teamai hook-dispatch session-start") << true;
        QTest::newRow("reference in a login shell") << QStringLiteral("bash -lc \"teamai hook-dispatch stop\"") << true;
        QTest::newRow("npx") << QStringLiteral("npx -y teamai-cli hook-dispatch stop") << true;
        QTest::newRow("other tool") << QStringLiteral("/usr/bin/other --hook stop") << false;
        QTest::newRow("prefixed name") << QStringLiteral("/usr/bin/myteamai --hook stop") << false;
        QTest::newRow("suffixed name") << QStringLiteral("teamai-lint --hook stop") << false;
        QTest::newRow("other subcommand") << QStringLiteral("teamai sync") << false;
        QTest::newRow("mentioned only") << QStringLiteral("echo teamai") << false;
    }
    void recognisedCommands()
    {
        QFETCH(QString, command);
        QFETCH(bool, ours);
        QCOMPARE(dispatch::isDispatchCommand(command), ours);
    }

    void hookRulesAreNeverDispatchHooks()
    {
        const QJsonObject rule{{QStringLiteral("command"), QStringLiteral("teamai --hook stop")},
                               {QStringLiteral("_teamai"), QStringLiteral("[teamai:agent-hook:x]")}};
        QVERIFY(!dispatch::isDispatchHook(rule));
    }

    void quoting()
    {
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/usr/local/bin/teamai")), QStringLiteral("/usr/local/bin/teamai"));
#ifndef Q_OS_WIN
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/home/a b/teamai")), QStringLiteral("'/home/a b/teamai'"));
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/x/it's/teamai")), QStringLiteral("'/x/it'\\''s/teamai'"));
#endif
        QCOMPARE(dispatch::command(QStringLiteral("/opt/teamai"), QStringLiteral("stop"), tool("codex")),
                 QStringLiteral("/opt/teamai --hook stop --tool codex"));
    }

    void eventNames()
    {
        QCOMPARE(agentEventName(tool("claude"), QStringLiteral("prompt-submit")), QStringLiteral("UserPromptSubmit"));
        QCOMPARE(agentEventName(tool("codex"), QStringLiteral("session-start")), QStringLiteral("SessionStart"));
        QCOMPARE(agentEventName(tool("cursor"), QStringLiteral("prompt-submit")), QStringLiteral("beforeSubmitPrompt"));
        QCOMPARE(agentEventName(tool("cursor"), QStringLiteral("UserPromptSubmit")), QStringLiteral("beforeSubmitPrompt"));
        QCOMPARE(agentEventName(tool("cursor"), QStringLiteral("PreToolUse")), QStringLiteral("preToolUse"));
        QCOMPARE(agentEventName(tool("claude"), QStringLiteral("preToolUse")), QStringLiteral("PreToolUse"));
        QCOMPARE(agentEventName(tool("claude"), QStringLiteral("beforeSubmitPrompt")), QStringLiteral("UserPromptSubmit"));
        QVERIFY(agentEventName(tool("claude"), QStringLiteral("../x")).isEmpty());
        QVERIFY(agentEventName(tool("claude"), QString()).isEmpty());
    }

    void installIsIdempotentAndReplacesTheReferenceClient()
    {
        m_env->writeFile(QStringLiteral(".claude/settings.json"),
                         "{\"model\": \"x\", \"hooks\": {"
                         "\"SessionStart\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"teamai hook-dispatch session-start\"}]}],"
                         "\"PreToolUse\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"teamai hook-dispatch pre-tool\"}]}],"
                         "\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]}}");
        const QString bin = QStringLiteral("/opt/team ai/teamai");
        const dispatch::Change first = dispatch::install(tool("claude"), m_env->home(), bin);
        QVERIFY2(first.ok, qPrintable(first.error));
        QVERIFY(first.written);
        const QJsonObject root = QJsonDocument::fromJson(m_env->readFile(QStringLiteral(".claude/settings.json"))).object();
        const QJsonObject hooks = root.value(QStringLiteral("hooks")).toObject();
        QCOMPARE(root.value(QStringLiteral("model")).toString(), QStringLiteral("x"));
        QVERIFY(!hooks.contains(QStringLiteral("PreToolUse")));  // the reference client's stray dispatch
        QCOMPARE(hooks.value(QStringLiteral("SessionStart")).toArray().size(), 1);
        QCOMPARE(hooks.value(QStringLiteral("Stop")).toArray().size(), 2);
        QCOMPARE(dispatch::installed(tool("claude"), m_env->home()).size(), 4);

        const QFileInfo before(m_env->home() + QStringLiteral("/.claude/settings.json"));
        const QByteArray bytes = m_env->readFile(QStringLiteral(".claude/settings.json"));
        const dispatch::Change second = dispatch::install(tool("claude"), m_env->home(), bin);
        QVERIFY(second.ok);
        QVERIFY(!second.written);
        QCOMPARE(m_env->readFile(QStringLiteral(".claude/settings.json")), bytes);

        const dispatch::Change removed = dispatch::uninstall(tool("claude"), m_env->home());
        QVERIFY(removed.ok);
        QCOMPARE(removed.events.size(), 4);
        const QJsonObject after = QJsonDocument::fromJson(m_env->readFile(QStringLiteral(".claude/settings.json"))).object();
        QCOMPARE(after, QJsonDocument::fromJson("{\"model\": \"x\", \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": "
                                                 "[{\"type\": \"command\", \"command\": \"say done\"}]}]}}").object());
    }

    void cursorUsesItsOwnShape()
    {
        const dispatch::Change change = dispatch::install(tool("cursor"), m_env->home(), QStringLiteral("/opt/teamai"));
        QVERIFY2(change.ok, qPrintable(change.error));
        const QJsonObject root = QJsonDocument::fromJson(m_env->readFile(QStringLiteral(".cursor/hooks.json"))).object();
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
        const QJsonObject hook = root.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("beforeSubmitPrompt")).toArray().at(0).toObject();
        QCOMPARE(hook.value(QStringLiteral("command")).toString(), QStringLiteral("/opt/teamai --hook prompt-submit --tool cursor"));
        QVERIFY(!hook.contains(QStringLiteral("type")));
        QVERIFY(!dispatch::install(tool("cursor"), m_env->home(), QStringLiteral("/opt/teamai")).written);
    }

    void aBrokenSettingsFileIsLeftAlone()
    {
        m_env->writeFile(QStringLiteral(".claude/settings.json"), "{ broken");
        const dispatch::Change change = dispatch::install(tool("claude"), m_env->home(), QStringLiteral("/opt/teamai"));
        QVERIFY(!change.ok);
        QCOMPARE(m_env->readFile(QStringLiteral(".claude/settings.json")), QByteArray("{ broken"));
    }
};

QTEST_GUILESS_MAIN(TestDispatchHooks)
#include "tst_dispatchhooks.moc"
