// No write follows a link out of its base folder (issue 12 item 3), end to end: a bound
// workspace (project scope) or the user's ~/.claude (user scope) holds links — CLAUDE.md, the
// rules and skills folders, the tool folder itself, settings.json — that lead outside; the real
// `teamai sync` runs the devserver's install commands, every one is acked failed, and the
// outside files keep their bytes. Links that stay inside the base keep working.

#include "AgentTestCase.h"
#include "FileTree.h"

#include <QDir>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QByteArray kBashrc = "# the user's shell start-up\nexport PATH=$HOME/bin:$PATH\n";
const QByteArray kOutsideSettings = "{\"model\": \"opus\"}\n";

} // namespace

class TestLinkEscapeEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString home(const QString &relative) const { return f->env().home() + u'/' + relative; }
    QString outside() const { return home(QStringLiteral("outside")); }
    QString workspace() const { return home(QStringLiteral("code/repo")); }

    void bindWorkspace()
    {
        QJsonObject config = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object();
        config.insert(QStringLiteral("workspaceBindings"),
                      QJsonObject{{workspace(), QJsonObject{{QStringLiteral("projectId"), QStringLiteral("p1")},
                                                            {QStringLiteral("boundAt"), QStringLiteral("2024-01-01T00:00:00Z")}}}});
        f->env().writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
    }
    /// The install command of @p kind, for the scope of the row.
    QJsonObject installCommand(qint64 id, const QString &kind, bool project) const
    {
        const QString base = f->server().baseUrl();
        QJsonObject command{{QStringLiteral("id"), id}};
        if (kind == QLatin1String("claudemd")) {
            command.insert(QStringLiteral("type"), QStringLiteral("install_claudemd"));
            command.insert(QStringLiteral("claudemd_slug"), QStringLiteral("team-block"));
            command.insert(QStringLiteral("download_url"), QString(base + QStringLiteral("/download/claudemd/team-block.md")));
        } else if (kind == QLatin1String("rule")) {
            command.insert(QStringLiteral("type"), QStringLiteral("install_rule"));
            command.insert(QStringLiteral("rule_slug"), QStringLiteral("style"));
            command.insert(QStringLiteral("download_url"), QString(base + QStringLiteral("/download/rule/style.md")));
        } else if (kind == QLatin1String("skill")) {
            command.insert(QStringLiteral("type"), QStringLiteral("install_skill"));
            command.insert(QStringLiteral("skill_slug"), QStringLiteral("tool"));
            command.insert(QStringLiteral("download_url"), QString(base + QStringLiteral("/download/skill/tool.zip")));
        } else {
            command.insert(QStringLiteral("type"), QStringLiteral("install_hook_rule"));
            command.insert(QStringLiteral("slug"), QStringLiteral("lint"));
            command.insert(QStringLiteral("event"), QStringLiteral("PreToolUse"));
            command.insert(QStringLiteral("matcher"), QStringLiteral("Edit"));
            command.insert(QStringLiteral("cmd"), QStringLiteral("npx eslint --fix"));
        }
        if (project) {
            command.insert(QStringLiteral("scope"), QStringLiteral("project"));
            command.insert(QStringLiteral("workspace_path"), workspace());
        }
        return command;
    }

    void setUp() override
    {
        f->env().writeFile(QStringLiteral("outside/bashrc"), kBashrc);
        f->env().writeFile(QStringLiteral("outside/settings.json"), kOutsideSettings);
        f->env().writeFile(QStringLiteral("outside/dir/sentinel"), "outside\n");
        QVERIFY(QDir().mkpath(workspace() + QStringLiteral("/.claude")));
        bindWorkspace();
    }

private slots:
    void linksLeavingTheBaseAreRefused_data()
    {
        QTest::addColumn<bool>("project");
        QTest::addColumn<QString>("linkAt");   // relative to the workspace (project) or HOME (user)
        QTest::addColumn<QString>("target");   // relative link text, or "@" + a path under outside/
        QTest::addColumn<QStringList>("kinds");
        const QStringList all{QStringLiteral("claudemd"), QStringLiteral("rule"), QStringLiteral("skill"), QStringLiteral("hook")};
        auto row = [](const char *name, bool project, const char *linkAt, const char *target, const QStringList &kinds) {
            QTest::newRow(name) << project << QString::fromLatin1(linkAt) << QString::fromLatin1(target) << kinds;
        };
        row("project CLAUDE.md -> ../../../outside/bashrc", true, ".claude/CLAUDE.md", "../../../outside/bashrc", {QStringLiteral("claudemd")});
        row("project rules -> outside dir", true, ".claude/rules", "@dir", {QStringLiteral("rule")});
        row("project skills -> outside dir", true, ".claude/skills", "../../../outside/dir", {QStringLiteral("skill")});
        row("project .claude itself -> outside dir", true, ".claude", "@dir", all);
        row("project settings.json -> outside", true, ".claude/settings.json", "@settings.json", {QStringLiteral("hook")});
        row("user CLAUDE.md -> ~/outside/bashrc", false, ".claude/CLAUDE.md", "../outside/bashrc", {QStringLiteral("claudemd")});
        row("user rules -> outside dir", false, ".claude/rules", "@dir", {QStringLiteral("rule")});
        row("user skills -> outside dir", false, ".claude/skills", "@dir", {QStringLiteral("skill")});
        row("user settings.json -> outside", false, ".claude/settings.json", "@settings.json", {QStringLiteral("hook")});
        row("user dangling CLAUDE.md", false, ".claude/CLAUDE.md", "@missing/CLAUDE.md", {QStringLiteral("claudemd")});
    }
    void linksLeavingTheBaseAreRefused()
    {
        QFETCH(bool, project);
        QFETCH(QString, linkAt);
        QFETCH(QString, target);
        QFETCH(QStringList, kinds);
        const QString root = project ? workspace() : f->env().home();
        const QString at = root + u'/' + linkAt;
        QFile::remove(at);  // `teamai init` wrote ~/.claude/settings.json
        if (QFileInfo(at).isDir())
            QVERIFY(QDir(at).removeRecursively());
        QVERIFY(QDir().mkpath(QFileInfo(at).absolutePath()));
        QVERIFY(QFile::link(target.startsWith(u'@') ? outside() + u'/' + target.mid(1) : target, at));
        const auto before = snapshotOf(outside());

        qint64 id = 0;
        QJsonArray commands;
        for (const QString &kind : kinds)
            commands.append(installCommand(++id, kind, project));
        f->server().queue(commands);
        f->syncJson();
        for (qint64 i = 1; i <= id; ++i) {
            const QJsonObject ack = f->ackFor(i);
            QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            const QString error = ack.value(QStringLiteral("error")).toString();
            QVERIFY2(error.contains(QLatin1String("Refusing to write ")), qPrintable(error));
            QVERIFY2(error.contains(QLatin1String("through a link")) || error.contains(QLatin1String("link to nothing")), qPrintable(error));
        }
        QCOMPARE(snapshotOf(outside()), before);
        QVERIFY(QFileInfo(at).isSymLink());  // the link itself is left as the user made it
        const QByteArray manifest = f->env().readFile(QStringLiteral(".teamai/local-agent/manifest.json"));
        QVERIFY(!manifest.contains("team-block") && !manifest.contains("\"style\"") && !manifest.contains("\"tool\""));
    }

    void linksThatStayInsideTheBaseAreFollowed()
    {
        // A repository that keeps its agent files elsewhere in the repository.
        QVERIFY(QDir().mkpath(workspace() + QStringLiteral("/agent/rules")));
        f->env().writeFile(QStringLiteral("code/repo/docs/AGENTS.md"), "# Repo instructions\n");
        QVERIFY(QFile::link(QStringLiteral("../agent/rules"), workspace() + QStringLiteral("/.claude/rules")));
        QVERIFY(QFile::link(QStringLiteral("../docs/AGENTS.md"), workspace() + QStringLiteral("/.claude/CLAUDE.md")));
        f->server().queue(QJsonArray{installCommand(1, QStringLiteral("rule"), true), installCommand(2, QStringLiteral("claudemd"), true)});
        f->syncJson();
        for (qint64 id : {1, 2})
            QVERIFY2(f->ackFor(id).value(QStringLiteral("status")).toString() == QLatin1String("success"),
                     qPrintable(f->ackFor(id).value(QStringLiteral("error")).toString()));
        QVERIFY(f->env().readFile(QStringLiteral("code/repo/agent/rules/style.md")).startsWith("# Rule style"));
        const QByteArray merged = f->env().readFile(QStringLiteral("code/repo/docs/AGENTS.md"));
        QVERIFY(merged.startsWith("# Repo instructions\n"));
        QVERIFY(merged.contains("[teamai:claudemd:start]"));
        QVERIFY(QFileInfo(workspace() + QStringLiteral("/.claude/CLAUDE.md")).isSymLink());
    }
};

QTEST_GUILESS_MAIN(TestLinkEscapeEndToEnd)
#include "tst_link_escape_e2e.moc"
