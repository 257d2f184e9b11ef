// `teamai init` and `teamai uninstall` end to end in a temporary HOME: the hooks init writes
// (compared with golden files), idempotence, and an uninstall that removes exactly what was ours.

#include "AgentTestCase.h"
#include "FileTree.h"
#include "agenthooks/DispatchHooks.h"
#include "tools/ToolTable.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace teamai::test;

namespace {

const char *const kClaudeSettings =
    "{\"model\": \"opus\", \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}],"
    " \"SessionStart\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"teamai hook-dispatch session-start\"}]}]}}";

} // namespace

class TestInitUninstallEndToEnd : public BareAgentTestCase
{
    Q_OBJECT
private:
    TeamaiRun runInit(const QStringList &extra = {})
    {
        return runTeamai(QStringList{QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                     DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file")} + extra);
    }
    QJsonObject json(const QString &relative) const
    {
        return QJsonDocument::fromJson(f->env().readFile(relative)).object();
    }
    /// The file with the machine-specific path of teamai replaced by @TEAMAI@.
    static QJsonObject portable(const QByteArray &bytes)
    {
        QString text = QString::fromUtf8(bytes);
        const QString bin = builtBinary("TEAMAI_BIN");
        for (const QString &path : {QFileInfo(bin).canonicalFilePath(), QFileInfo(bin).absoluteFilePath()}) {
            // The command holds the path quoted for a shell, and JSON escapes what needs it.
            QString quoted = QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("x"), teamai::agenthooks::dispatch::quoteProgram(path)}})
                                                   .toJson(QJsonDocument::Compact));
            quoted = quoted.mid(6, quoted.size() - 8);  // {"x":"…"}
            text.replace(quoted, QStringLiteral("@TEAMAI@"));
        }
        return QJsonDocument::fromJson(text.toUtf8()).object();
    }
    static QJsonObject golden(const QString &name)
    {
        QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/golden/") + name);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("missing golden file");
        return QJsonDocument::fromJson(file.readAll()).object();
    }
    QString ackError(qint64 id)
    {
        const QJsonObject ack = f->ackFor(id);
        if (ack.isEmpty())
            return QStringLiteral("no ack");
        return ack.value(QStringLiteral("status")).toString() + u' ' + ack.value(QStringLiteral("error")).toString();
    }
    void sync(const QString &tool)
    {
        const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool});
        QVERIFY2(run.exitCode == 0, run.out.constData());
    }

private slots:
    void initWritesTheGoldenHooks()
    {
        f->env().writeFile(QStringLiteral(".claude/settings.json"), kClaudeSettings);
        QVERIFY(QDir().mkpath(f->env().home() + QStringLiteral("/.cursor")));
        const TeamaiRun run = runInit();
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("Hooks installed for claude"));
        QVERIFY(run.out.contains("Hooks installed for cursor"));
        QCOMPARE(portable(f->env().readFile(QStringLiteral(".claude/settings.json"))), golden(QStringLiteral("init-claude-settings.json")));
        QCOMPARE(portable(f->env().readFile(QStringLiteral(".cursor/hooks.json"))), golden(QStringLiteral("init-cursor-hooks.json")));
        QVERIFY2(!QFile::exists(f->env().home() + QStringLiteral("/.codex")), "agents without a folder are left alone");
    }

    void initTwiceChangesNothing()
    {
        f->env().writeFile(QStringLiteral(".claude/settings.json"), kClaudeSettings);
        QCOMPARE(runInit().exitCode, 0);
        const QString path = f->env().home() + QStringLiteral("/.claude/settings.json");
        const QByteArray first = f->env().readFile(QStringLiteral(".claude/settings.json"));
        const QDateTime modified = QFileInfo(path).lastModified();
        QTest::qWait(20);
        const TeamaiRun again = runInit();
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.contains("Hooks for claude already in place"), again.out.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/settings.json")), first);
        QCOMPARE(QFileInfo(path).lastModified(), modified);
    }

    void agentsOption()
    {
        const TeamaiRun bad = runInit({QStringLiteral("--agents"), QStringLiteral("claude,vim")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("unknown tool `vim`"));
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/config.json")));

        const TeamaiRun run = runInit({QStringLiteral("--agents"), QStringLiteral("codex")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject hooks = json(QStringLiteral(".codex/hooks.json")).value(QStringLiteral("hooks")).toObject();
        QCOMPARE(hooks.keys(), (QStringList{QStringLiteral("PostToolUse"), QStringLiteral("SessionStart"), QStringLiteral("Stop"),
                                            QStringLiteral("UserPromptSubmit")}));
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.claude")));
    }

    void uninstallAgentRemovesExactlyWhatWasOurs()
    {
        f->env().writeFile(QStringLiteral(".claude/settings.json"), kClaudeSettings);
        const QByteArray claudeMd = "# Mine\n";
        f->env().writeFile(QStringLiteral(".claude/CLAUDE.md"), claudeMd);
        f->env().writeFile(QStringLiteral(".claude/skills/local/SKILL.md"), "---\nname: local\n---\n");
        f->env().writeFile(QStringLiteral(".claude/rules/local.md"), "# local\n");
        QVERIFY(QDir().mkpath(f->env().home() + QStringLiteral("/.cursor")));
        QCOMPARE(runInit().exitCode, 0);
        const QByteArray cursorHooks = f->env().readFile(QStringLiteral(".cursor/hooks.json"));

        const QString base = f->server().baseUrl();
        f->server().queue(QJsonArray{
            resourceCommand(1, QStringLiteral("install_skill"), {{QStringLiteral("skill_slug"), QStringLiteral("team-skill")},
                                                         {QStringLiteral("download_url"), QString(base + QStringLiteral("/download/skill/team-skill.zip?name=Team%20Skill"))}}),
            resourceCommand(2, QStringLiteral("install_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("team-rule")},
                                                        {QStringLiteral("download_url"), QString(base + QStringLiteral("/download/rule/team-rule.md"))}}),
            resourceCommand(3, QStringLiteral("install_claudemd"), {{QStringLiteral("claudemd_slug"), QStringLiteral("team-block")},
                                                            {QStringLiteral("download_url"), QString(base + QStringLiteral("/download/claudemd/team-block.md"))}}),
            resourceCommand(4, QStringLiteral("install_hook_rule"), {{QStringLiteral("slug"), QStringLiteral("team-hook")}, {QStringLiteral("event"), QStringLiteral("PreToolUse")},
                                                             {QStringLiteral("cmd"), QStringLiteral("team-check")}}),
        });
        sync(QStringLiteral("claude"));
        for (qint64 id : {1, 2, 3, 4})
            QVERIFY2(ackError(id).startsWith(QStringLiteral("success")), qPrintable(ackError(id)));
        f->server().queue(resourceCommand(5, QStringLiteral("install_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("cursor-rule")},
                                                                    {QStringLiteral("download_url"), QString(base + QStringLiteral("/download/rule/cursor-rule.md"))}}));
        sync(QStringLiteral("cursor"));
        QVERIFY2(ackError(5).startsWith(QStringLiteral("success")), qPrintable(ackError(5)));

        // As the backend's uninstall_teamai runs it: no terminal, no PATH.
        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--agent"), QStringLiteral("claude")}, {},
                                        {QStringLiteral("PATH=")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("Removed claude hook(s)"), run.out.constData());
        QVERIFY(run.out.contains("Removed claude hook rule team-hook"));
        QVERIFY(run.out.contains("Removed claude skill team-skill"));
        QVERIFY(run.out.contains("Removed claude rule team-rule"));
        QVERIFY(run.out.contains("Removed claude claudemd team-block"));

        // Only the user's own things are left for claude (the reference client's hook went too).
        const QJsonObject expected = QJsonDocument::fromJson(
            "{\"model\": \"opus\", \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]}}").object();
        QCOMPARE(json(QStringLiteral(".claude/settings.json")), expected);
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/CLAUDE.md")), claudeMd);
        QCOMPARE(treeOf(f->env().home() + QStringLiteral("/.claude/skills")), (QStringList{QStringLiteral("local"), QStringLiteral("local/SKILL.md")}));
        QCOMPARE(treeOf(f->env().home() + QStringLiteral("/.claude/rules")), QStringList{QStringLiteral("local.md")});
        // Cursor's hooks and resources are untouched.
        QCOMPARE(f->env().readFile(QStringLiteral(".cursor/hooks.json")), cursorHooks);
        QVERIFY(QFile::exists(f->env().home() + QStringLiteral("/.cursor/rules/cursor-rule.md")));
        const QJsonObject manifest = json(QStringLiteral(".teamai/local-agent/manifest.json"));
        const QJsonObject user = manifest.value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject();
        QVERIFY(user.value(QStringLiteral("skills")).toObject().isEmpty());
        QCOMPARE(user.value(QStringLiteral("rules")).toObject().keys(), QStringList{QStringLiteral("cursor-rule")});
        QVERIFY(QFile::exists(f->env().stateDir() + QStringLiteral("/config.json")));  // TeamAI's own config stays

        // Everything else on a second, agent-less run; then nothing is left.
        const TeamaiRun all = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QVERIFY2(all.exitCode == 0, all.err.constData());
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.cursor/rules/cursor-rule.md")));
        QVERIFY(!json(QStringLiteral(".cursor/hooks.json")).contains(QStringLiteral("hooks")));
        const TeamaiRun nothing = runTeamai({QStringLiteral("uninstall")});
        QCOMPARE(nothing.exitCode, 0);
        QVERIFY(nothing.out.contains("Nothing of TeamAI's to remove."));
    }

    void uninstallAsksOnATerminal()
    {
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        if (script.isEmpty())
            QSKIP("util-linux `script` is needed to give teamai a terminal");
        QVERIFY(QDir().mkpath(f->env().home() + QStringLiteral("/.claude")));
        QCOMPARE(runInit().exitCode, 0);
        const QByteArray settings = f->env().readFile(QStringLiteral(".claude/settings.json"));
        auto onTerminal = [&](const QByteArray &answer) {
            QProcess process;
            process.start(script, {QStringLiteral("-qec"), teamai::agenthooks::dispatch::quoteProgram(builtBinary("TEAMAI_BIN")) + QStringLiteral(" uninstall --agent claude"),
                                   QStringLiteral("/dev/null")});
            process.waitForStarted(5000);
            process.write(answer);
            process.closeWriteChannel();
            process.waitForFinished(15000);
            return process.readAllStandardOutput();
        };
        const QByteArray declined = onTerminal("n\n");
        QVERIFY2(declined.contains("Remove these? [y/N]"), declined.constData());
        QVERIFY(declined.contains("Cancelled: nothing was removed."));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/settings.json")), settings);
        const QByteArray accepted = onTerminal("y\n");
        QVERIFY2(accepted.contains("Removed claude hook(s)"), accepted.constData());
        QVERIFY(teamai::agenthooks::dispatch::installed(*teamai::findTool(QStringLiteral("claude")), f->env().home()).valueOr({}).isEmpty());
    }

    void uninstallTeamaiFromTheBackend()
    {
        QVERIFY(QDir().mkpath(f->env().home() + QStringLiteral("/.claude")));
        QCOMPARE(runInit().exitCode, 0);
        QCOMPARE(teamai::agenthooks::dispatch::installed(*teamai::findTool(QStringLiteral("claude")), f->env().home()).valueOr({}).size(), 4);
        f->server().queue(resourceCommand(9, QStringLiteral("uninstall_teamai"), {{QStringLiteral("cmd"), QStringLiteral("teamai uninstall --agent claude --force")}}));
        sync(QStringLiteral("claude"));
        QCOMPARE(ackError(9), QStringLiteral("success "));
        QVERIFY(teamai::agenthooks::dispatch::installed(*teamai::findTool(QStringLiteral("claude")), f->env().home()).valueOr({}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestInitUninstallEndToEnd)
#include "tst_init_uninstall_e2e.moc"
