// The dispatch hooks of `teamai init`: how they are recognised, quoted, installed and removed.

#include "agenthooks/DispatchHooks.h"
#include "agenthooks/HookEvents.h"
#include "agenthooks/HookSettingsFile.h"
#include "tools/ToolTable.h"
#include "DataRows.h"
#include "DataTable.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace teamai;
using namespace teamai::agenthooks;
using namespace teamai::test;

class TestDispatchHooks : public teamai::test::HomeTestCase
{
    Q_OBJECT
private:
    static const ToolInfo &tool(const char *name) { return *findTool(QString::fromLatin1(name)); }

private slots:
    // From "reference claude" to "legacy mr-hint": what teamai-cli 0.25 writes (builtinHookDefs),
    // and what older versions wrote.
    void recognisedCommands_data() { loadTable(); }
    void recognisedCommands()
    {
        QFETCH(QString, command);
        QFETCH(bool, ours);
        QCOMPARE(dispatch::isDispatchCommand(command), ours);
    }

    void referenceGroupDescriptionIsRecognised()
    {
        // The group tag teamai-cli writes (and reads) on its dispatch entries.
        QJsonObject hook{{QStringLiteral("command"), QStringLiteral("some future form")}};
        QVERIFY(!dispatch::isDispatchHook(hook));
        hook.insert(HookSettingsFile::groupDescriptionKey(), QStringLiteral("[teamai] Hook dispatch stop"));
        QVERIFY(dispatch::isDispatchHook(hook));
        hook.insert(HookSettingsFile::groupDescriptionKey(), QStringLiteral("[teamai]"));
        QVERIFY(dispatch::isDispatchHook(hook));
        hook.insert(HookSettingsFile::groupDescriptionKey(), QStringLiteral("[teamai:agent-hook:x]"));
        QVERIFY(!dispatch::isDispatchHook(hook));
        hook.insert(HookSettingsFile::groupDescriptionKey(), QStringLiteral("[teamai]x"));
        QVERIFY(!dispatch::isDispatchHook(hook));
        QCOMPARE(dispatch::groupDescription(QStringLiteral("stop")), QStringLiteral("[teamai] Hook dispatch stop"));
        QCOMPARE(dispatch::groupDescription(QStringLiteral("post-tool-use")), QStringLiteral("[teamai] Hook dispatch post-tool-use wildcard"));
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
        // The folder is quoted, the file name is not: the command keeps teamai-cli's marker.
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/home/a b/teamai")), QStringLiteral("'/home/a b/'teamai"));
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/x/it's/teamai")), QStringLiteral("'/x/it'\\''s/'teamai"));
        QCOMPARE(dispatch::quoteProgram(QStringLiteral("/x/odd name")), QStringLiteral("'/x/odd name'"));
        const QString spaced = dispatch::command(QStringLiteral("/home/a b/teamai"), QStringLiteral("stop"), tool("claude"));
        QVERIFY(spaced.contains(QStringLiteral("teamai hook-dispatch")));
        QVERIFY(dispatch::isDispatchCommand(spaced));
        // What a POSIX shell makes of it: the program path, then the arguments.
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '%s|' ") + spaced});
        QVERIFY(shell.waitForFinished());
        QCOMPARE(shell.readAllStandardOutput(), QByteArray("/home/a b/teamai|hook-dispatch|stop|--tool|claude|"));
#endif
        QCOMPARE(dispatch::command(QStringLiteral("/opt/teamai"), QStringLiteral("stop"), tool("codex")),
                 QStringLiteral("/opt/teamai hook-dispatch stop --tool codex"));
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
        env->writeFile(QStringLiteral(".claude/settings.json"),
                         "{\"model\": \"x\", \"hooks\": {"
                         "\"SessionStart\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"teamai hook-dispatch session-start\"}]}],"
                         "\"PreToolUse\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"teamai hook-dispatch pre-tool\"}]}],"
                         "\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]}}");
        const QString bin = QStringLiteral("/opt/team ai/teamai");
        const dispatch::Change first = dispatch::install(tool("claude"), env->home(), bin);
        QVERIFY2(first.ok, qPrintable(first.error));
        QVERIFY(first.written);
        const QJsonObject root = QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude/settings.json"))).object();
        const QJsonObject hooks = root.value(QStringLiteral("hooks")).toObject();
        QCOMPARE(root.value(QStringLiteral("model")).toString(), QStringLiteral("x"));
        QVERIFY(!hooks.contains(QStringLiteral("PreToolUse")));  // the reference client's stray dispatch
        QCOMPARE(hooks.value(QStringLiteral("SessionStart")).toArray().size(), 1);
        QCOMPARE(hooks.value(QStringLiteral("Stop")).toArray().size(), 2);
        QCOMPARE(dispatch::installed(tool("claude"), env->home()).valueOr({}).size(), 4);

        const QFileInfo before(env->home() + QStringLiteral("/.claude/settings.json"));
        const QByteArray bytes = env->readFile(QStringLiteral(".claude/settings.json"));
        const dispatch::Change second = dispatch::install(tool("claude"), env->home(), bin);
        QVERIFY(second.ok);
        QVERIFY(!second.written);
        QCOMPARE(env->readFile(QStringLiteral(".claude/settings.json")), bytes);

        const dispatch::Change removed = dispatch::uninstall(tool("claude"), env->home());
        QVERIFY(removed.ok);
        QCOMPARE(removed.events.size(), 4);
        const QJsonObject after = QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude/settings.json"))).object();
        QCOMPARE(after, QJsonDocument::fromJson("{\"model\": \"x\", \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": "
                                                 "[{\"type\": \"command\", \"command\": \"say done\"}]}]}}").object());
    }

    void replacesEveryEntryTheReferenceWrote_data()
    {
        addRowPerValue("toolName", {QStringLiteral("claude"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy")});
    }
    void replacesEveryEntryTheReferenceWrote()
    {
        QFETCH(QString, toolName);
        const ToolInfo &agent = *findTool(toolName);
        QFile reference(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/compat/reference-hooks/%1-settings.json").arg(toolName));
        QVERIFY(reference.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(reference.readAll()).object();
        QJsonObject hooks = root.value(QStringLiteral("hooks")).toObject();
        QCOMPARE(hooks.value(QStringLiteral("PostToolUse")).toArray().size(), 3);  // *, Skill, TodoWrite
        // The user's own hook, beside them.
        const QJsonObject users{{QStringLiteral("matcher"), QStringLiteral("Bash")},
                                {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                 {QStringLiteral("command"), QStringLiteral("say done")}}}}};
        QJsonArray post = hooks.value(QStringLiteral("PostToolUse")).toArray();
        post.append(users);
        hooks.insert(QStringLiteral("PostToolUse"), post);
        root.insert(QStringLiteral("hooks"), hooks);
        env->writeFile(agent.hooksSettings, QJsonDocument(root).toJson());

        QVERIFY(dispatch::install(agent, env->home(), QStringLiteral("/usr/bin/teamai")).written);
        const QStringList installed = dispatch::installed(agent, env->home()).valueOr({});
        QCOMPARE(installed.size(), 4);
        for (const QString &line : installed)
            QVERIFY2(line.contains(QStringLiteral(": /usr/bin/teamai hook-dispatch ")), qPrintable(line));
        const QJsonObject after = QJsonDocument::fromJson(env->readFile(agent.hooksSettings)).object().value(QStringLiteral("hooks")).toObject();
        const QJsonArray afterPost = after.value(QStringLiteral("PostToolUse")).toArray();
        QCOMPARE(afterPost.size(), 2);
        QCOMPARE(afterPost.at(0).toObject().value(QStringLiteral("description")).toString(),
                 QStringLiteral("[teamai] Hook dispatch post-tool-use wildcard"));
        QCOMPARE(afterPost.at(1).toObject(), users);
        for (const QString &event : {QStringLiteral("SessionStart"), QStringLiteral("Stop"), QStringLiteral("UserPromptSubmit")}) {
            QCOMPARE(after.value(event).toArray().size(), 1);
            QVERIFY(after.value(event).toArray().at(0).toObject().value(QStringLiteral("description")).toString().startsWith(QStringLiteral("[teamai] Hook dispatch ")));
        }
        QVERIFY(!dispatch::install(agent, env->home(), QStringLiteral("/usr/bin/teamai")).written);
        QCOMPARE(dispatch::uninstall(agent, env->home()).events.size(), 4);
        QCOMPARE(QJsonDocument::fromJson(env->readFile(agent.hooksSettings)).object().value(QStringLiteral("hooks")).toObject(),
                 (QJsonObject{{QStringLiteral("PostToolUse"), QJsonArray{users}}}));
    }

    void ourOlderFormIsUpgraded()
    {
        // What earlier versions of this client wrote: `--hook`, no group description.
        env->writeFile(QStringLiteral(".claude/settings.json"),
                         "{\"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": "
                         "\"/usr/bin/teamai --hook stop --tool claude\", \"timeout\": 10, \"_teamai\": \"[teamai]\"}]}]}}");
        QVERIFY(dispatch::install(tool("claude"), env->home(), QStringLiteral("/usr/bin/teamai")).written);
        const QJsonArray stop = QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude/settings.json"))).object()
                                    .value(QStringLiteral("hooks")).toObject().value(QStringLiteral("Stop")).toArray();
        QCOMPARE(stop.size(), 1);
        QCOMPARE(stop.at(0).toObject().value(QStringLiteral("description")).toString(), QStringLiteral("[teamai] Hook dispatch stop"));
        QCOMPARE(stop.at(0).toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject().value(QStringLiteral("command")).toString(),
                 QStringLiteral("/usr/bin/teamai hook-dispatch stop --tool claude"));
    }

    void cursorUsesItsOwnShape()
    {
        const dispatch::Change change = dispatch::install(tool("cursor"), env->home(), QStringLiteral("/opt/teamai"));
        QVERIFY2(change.ok, qPrintable(change.error));
        const QJsonObject root = QJsonDocument::fromJson(env->readFile(QStringLiteral(".cursor/hooks.json"))).object();
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
        const QJsonObject hook = root.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("beforeSubmitPrompt")).toArray().at(0).toObject();
        QCOMPARE(hook.value(QStringLiteral("command")).toString(), QStringLiteral("/opt/teamai hook-dispatch prompt-submit --tool cursor"));
        QVERIFY(!hook.contains(QStringLiteral("description")));  // Cursor's entries carry none
        QVERIFY(!hook.contains(QStringLiteral("type")));
        QVERIFY(!dispatch::install(tool("cursor"), env->home(), QStringLiteral("/opt/teamai")).written);
    }

    void aBrokenSettingsFileIsLeftAlone()
    {
        env->writeFile(QStringLiteral(".claude/settings.json"), "{ broken");
        const dispatch::Change change = dispatch::install(tool("claude"), env->home(), QStringLiteral("/opt/teamai"));
        QVERIFY(!change.ok);
        QCOMPARE(env->readFile(QStringLiteral(".claude/settings.json")), QByteArray("{ broken"));
    }
};

QTEST_GUILESS_MAIN(TestDispatchHooks)
#include "tst_dispatchhooks.moc"
