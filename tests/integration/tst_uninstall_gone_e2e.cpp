// `teamai uninstall` means gone (issue #14 item 6): hooks, configuration, the token in every
// place and the tray's autostart entry; the ledger stays unless --purge; the last agent's
// uninstall is the full one; a hook an agent still calls afterwards sends nothing.

#include "AgentTestCase.h"
#include "agenthooks/DispatchHooks.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace teamai::test;

class TestUninstallGoneEndToEnd : public BareAgentTestCase
{
    Q_OBJECT
private:
    const teamai::ToolInfo &tool(const char *name) { return *teamai::findTool(QString::fromLatin1(name)); }
    QString autostart() const { return f->env().home() + QStringLiteral("/.config/autostart/teamai-tray.desktop"); }
    QStringList configuration() const
    {
        return {f->env().stateDir() + QStringLiteral("/config.json"), f->env().stateDir() + QStringLiteral("/settings.json"),
                f->env().teamaiHome() + QStringLiteral("/token"), f->env().teamaiHome() + QStringLiteral("/apikey"), autostart()};
    }
    void initAndSync(const QString &agents)
    {
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                          DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                                          QStringLiteral("--agents"), agents});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        f->env().writeFile(QStringLiteral(".config/autostart/teamai-tray.desktop"), "[Desktop Entry]\nType=Application\nExec=teamai-tray\n");
        const TeamaiRun sync = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QVERIFY2(sync.exitCode == 0, sync.err.constData());
        for (const QString &path : configuration())
            QVERIFY2(QFile::exists(path), qPrintable(path));
        QVERIFY(QFile::exists(f->env().stateDir() + QStringLiteral("/ledger.db")));
    }
    TeamaiRun uninstall(const QStringList &extra = {})
    {
        return runTeamai(QStringList{QStringLiteral("uninstall"), QStringLiteral("--force")} + extra);
    }
    void verifyGone()
    {
        for (const QString &path : configuration())
            QVERIFY2(!QFile::exists(path), qPrintable(path));
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("claude"), f->env().home()).valueOr({}).isEmpty());
        // An agent that cached its settings still calls the hook: exit 0, nothing sent.
        const qsizetype before = f->server().requests().size();
        for (const char *event : {"session-start", "stop"}) {
            const TeamaiRun hook = runTeamai({QStringLiteral("--hook"), QString::fromLatin1(event), QStringLiteral("--tool"), QStringLiteral("claude")},
                                             QByteArrayLiteral("{\"cwd\":\"/\"}"));
            QCOMPARE(hook.exitCode, 0);
        }
        QCOMPARE(f->server().requests().size(), before);
    }

    void setUp() override
    {
        for (const char *dir : {".claude", ".codex"})
            QVERIFY(QDir().mkpath(f->env().home() + u'/' + QLatin1String(dir)));
    }

private slots:
    void forceRemovesEverythingButTheLedger()
    {
        initAndSync(QStringLiteral("claude,codex"));
        const TeamaiRun run = uninstall();
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifyGone();
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("codex"), f->env().home()).valueOr({}).isEmpty());
        QVERIFY(QFile::exists(f->env().stateDir() + QStringLiteral("/ledger.db")));
    }

    void purgeRemovesTheLedgerToo()
    {
        initAndSync(QStringLiteral("claude"));
        const TeamaiRun run = uninstall({QStringLiteral("--purge")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifyGone();
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/ledger.db")));
    }

    void lastAgentIsTheFullUninstall()
    {
        initAndSync(QStringLiteral("claude,codex"));
        // codex still has TeamAI's hooks: only claude's go, the configuration stays.
        TeamaiRun run = uninstall({QStringLiteral("--agent"), QStringLiteral("claude")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("claude"), f->env().home()).valueOr({}).isEmpty());
        QVERIFY(!teamai::agenthooks::dispatch::installed(tool("codex"), f->env().home()).valueOr({}).isEmpty());
        for (const QString &path : configuration())
            QVERIFY2(QFile::exists(path), qPrintable(path));
        // --purge is for the full uninstall only.
        QCOMPARE(uninstall({QStringLiteral("--agent"), QStringLiteral("claude"), QStringLiteral("--purge")}).exitCode, 2);
        // codex is the last: its uninstall takes the rest with it.
        run = uninstall({QStringLiteral("--agent"), QStringLiteral("codex")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifyGone();
        QVERIFY(QFile::exists(f->env().stateDir() + QStringLiteral("/ledger.db")));
    }

    void orphanedSectionAndReferenceHttpConfigGo()
    {
        initAndSync(QStringLiteral("claude"));
        // What the reference leaves when its own uninstall removed ~/.teamai first: a TeamAI
        // section no manifest explains, and its `init --http` config that would report again.
        const QByteArray mine = "# Mine\n";
        f->env().writeFile(QStringLiteral(".claude/CLAUDE.md"),
                         mine + "\n<!-- [teamai:claudemd:start] -->\n## gone\n<!-- [teamai:claudemd:end] -->\n");
        f->env().writeFile(QStringLiteral(".teamai/config.yaml"), "repo:\n  kind: http\n  url: http://127.0.0.1:9/\n");
        const TeamaiRun run = uninstall();
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifyGone();
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/CLAUDE.md")), mine);
        QVERIFY(!QFile::exists(f->env().teamaiHome() + QStringLiteral("/config.yaml")));
    }

    void gitTeamRepoConfigStays()
    {
        initAndSync(QStringLiteral("claude"));
        const QByteArray git = "repo:\n  kind: git\n  remote: git@example.invalid:team/repo.git\n";
        f->env().writeFile(QStringLiteral(".teamai/config.yaml"), git);
        QCOMPARE(uninstall().exitCode, 0);
        verifyGone();
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/config.yaml")), git);
    }
};

QTEST_GUILESS_MAIN(TestUninstallGoneEndToEnd)
#include "tst_uninstall_gone_e2e.moc"
