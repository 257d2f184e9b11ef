// The dispatch hooks of both clients in one agent's settings (issue 14, item 2): re-running either
// client's `init` after the other leaves exactly one set of TeamAI hooks, in both orders, for
// claude, codebuddy and workbuddy; the reference's uninstall removes ours too; the user's own hook
// stays through all of it. The reference client (teamai-cli 0.25.0) and our `teamai` take turns on
// one HOME and one devserver, and the hook our init wrote is run as the agent would run it.
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "ReferenceClient.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include "agenthooks/DispatchHooks.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace teamai::test;

namespace {

/// One TeamAI entry of a settings file, by the reference's own rule (isBuiltinClaudeEntry): the
/// group's description is `[teamai]…`, or its first hook's command holds a TEAMAI_COMMAND_MARKER.
struct Entry {
    QString event;
    QString command;
    bool ours = false;  ///< carries our `_teamai` tag (the reference never writes it)
};

QList<Entry> teamaiEntries(const QJsonObject &settings)
{
    static const QStringList markers{QStringLiteral("teamai pull"), QStringLiteral("teamai update"), QStringLiteral("teamai track"),
                                     QStringLiteral("teamai dashboard"), QStringLiteral("teamai contribute-check"),
                                     QStringLiteral("teamai auto-recall"), QStringLiteral("teamai todowrite-hint"),
                                     QStringLiteral("teamai mr-hint"), QStringLiteral("teamai hook-dispatch")};
    QList<Entry> entries;
    const QJsonObject hooks = settings.value(QStringLiteral("hooks")).toObject();
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        for (const QJsonValue &group : it.value().toArray()) {
            const QString description = group.toObject().value(QStringLiteral("description")).toString();
            const QJsonObject first = group.toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject();
            const QString command = first.value(QStringLiteral("command")).toString();
            const bool tagged = description == QLatin1String("[teamai]") || description.startsWith(QLatin1String("[teamai] "));
            const bool marked = std::any_of(markers.begin(), markers.end(), [&](const QString &m) { return command.contains(m); });
            if (tagged || marked)
                entries.append({it.key(), command, first.value(QStringLiteral("_teamai")).toString() == QLatin1String("[teamai]")});
        }
    }
    return entries;
}

/// The user's own hook, which neither client may touch.
const QJsonObject &usersGroup()
{
    static const QJsonObject group{{QStringLiteral("matcher"), QStringLiteral("Bash")},
                                   {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                    {QStringLiteral("command"), QStringLiteral("echo mine")}}}}};
    return group;
}

int usersGroupCount(const QJsonObject &settings)
{
    int count = 0;
    for (const QJsonValue &group : settings.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PostToolUse")).toArray())
        count += group.toObject() == usersGroup() ? 1 : 0;
    return count;
}

} // namespace

class TestCompatDispatchHooks : public CompatTestCase
{
    Q_OBJECT

public:
    TestCompatDispatchHooks()
        : CompatTestCase({QStringLiteral("claude"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy")})
    {
    }

private:
    QString settingsOf() const { return teamai::findTool(tool())->hooksSettings; }

    void setUpHome() override
    {
        QDir().mkpath(env().home() + QStringLiteral("/.") + tool());
        const QJsonObject usersSettings{{QStringLiteral("hooks"), QJsonObject{{QStringLiteral("PostToolUse"), QJsonArray{usersGroup()}}}}};
        env().writeFile(settingsOf(), QJsonDocument(usersSettings).toJson());
    }

    bool runReference(const QStringList &arguments) const
    {
        return reference().run(env(), arguments, {}, 90000).succeeded();
    }

    bool referenceInit() const
    {
        return runReference({QStringLiteral("init"), QStringLiteral("--http"), server().baseUrl(), QStringLiteral("--token"),
                             DevServerProcess::token(), QStringLiteral("--scope"), QStringLiteral("user"), QStringLiteral("--agent"),
                             tool(), QStringLiteral("--force")});
    }

    bool ourInit()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server().baseUrl(), QStringLiteral("--token"),
                                         DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                                         QStringLiteral("--scope"), QStringLiteral("user"), QStringLiteral("--agent"), tool(), QStringLiteral("--force")},
                                        {}, {}, 30000, env().home());
        if (run.exitCode != 0)
            qWarning("teamai init: %s", run.err.constData());
        return run.finished && run.exitCode == 0;
    }

    QJsonObject settings()
    {
        return QJsonDocument::fromJson(env().readFile(settingsOf())).object();
    }

    /// Exactly our four hooks, one per event, by both clients' rules; the user's hook still there.
    bool onlyOurs()
    {
        const QJsonObject file = settings();
        const QList<Entry> entries = teamaiEntries(file);
        QStringList events;
        for (const Entry &entry : entries) {
            if (!entry.ours || !entry.command.contains(QLatin1String(" hook-dispatch ")))
                return false;
            events.append(entry.event);
        }
        events.sort();
        return events == QStringList{QStringLiteral("PostToolUse"), QStringLiteral("SessionStart"), QStringLiteral("Stop"), QStringLiteral("UserPromptSubmit")}
            && teamai::agenthooks::dispatch::installed(*teamai::findTool(tool()), env().home()).valueOr({}).size() == 4 && usersGroupCount(file) == 1;
    }

    /// Exactly the reference's six entries (PostToolUse: *, Skill, TodoWrite), by both rules.
    bool onlyTheReferences()
    {
        const QJsonObject file = settings();
        const QList<Entry> entries = teamaiEntries(file);
        const bool noneOurs = std::none_of(entries.begin(), entries.end(), [](const Entry &e) { return e.ours; });
        return entries.size() == 6 && noneOurs
            && teamai::agenthooks::dispatch::installed(*teamai::findTool(tool()), env().home()).valueOr({}).size() == 6 && usersGroupCount(file) == 1;
    }

    /// Runs our SessionStart hook's command as the agent does (a shell), with a hook payload.
    bool runOurSessionStartHook()
    {
        QString command;
        for (const Entry &entry : teamaiEntries(settings())) {
            if (entry.event == QLatin1String("SessionStart"))
                command = entry.command;
        }
        QProcess shell;
        shell.setProcessEnvironment(env().processEnvironment());
        shell.setWorkingDirectory(env().home());
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        shell.write(R"({"session_id":"compat-hooks","hook_event_name":"SessionStart"})");
        shell.closeWriteChannel();
        return shell.waitForFinished(30000) && shell.exitCode() == 0 && shell.readAllStandardOutput().isEmpty();
    }

private slots:
    void referenceFirstThenOursThenReferenceUninstall()
    {
        QVERIFY(referenceInit());
        QVERIFY2(onlyTheReferences(), env().readFile(settingsOf()).constData());
        QVERIFY(ourInit());
        QVERIFY2(onlyOurs(), env().readFile(settingsOf()).constData());
        QVERIFY(ourInit());  // again: nothing changes
        QVERIFY(onlyOurs());

        // The hook our init wrote, run by a shell as the agent runs it, does the round.
        QVERIFY(runOurSessionStartHook());
        QCOMPARE(server().requests(QStringLiteral("report")).size(), 1);
        QCOMPARE(server().requests(QStringLiteral("sync")).size(), 1);
        QCOMPARE(server().requests(QStringLiteral("sync")).at(0).toObject().value(QStringLiteral("body")).toObject()
                     .value(QStringLiteral("agent_type")).toString(), teamai::findTool(tool())->agentType);

        // The reference's uninstall sees our hooks as TeamAI's and removes them; the user's stays.
        QVERIFY(runReference({QStringLiteral("uninstall"), QStringLiteral("--force")}));
        QVERIFY2(teamaiEntries(settings()).isEmpty(), env().readFile(settingsOf()).constData());
        QVERIFY(teamai::agenthooks::dispatch::installed(*teamai::findTool(tool()), env().home()).valueOr({}).isEmpty());
        QCOMPARE(usersGroupCount(settings()), 1);
    }

    void oursFirstThenTheReferenceAndBack()
    {
        // Twice in turn: each init replaces the other's hooks with its own.
        for (const bool ours : {true, false, true, false}) {
            QVERIFY(ours ? ourInit() : referenceInit());
            QVERIFY2(ours ? onlyOurs() : onlyTheReferences(), env().readFile(settingsOf()).constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCompatDispatchHooks)
#include "tst_compat_dispatchhooks.moc"
