// `teamai init`'s options (issue 14 item 2): ours and teamai-cli's — --tool (alias --agent) repeatable and
// comma-separated, --scope user|project with its rules, --force accepted — and teamai-cli's git
// team-repo options refused with an error before anything changes.

#include "cli/CommandLine.h"
#include "cli/InitOptions.h"
#include "tools/ToolTable.h"

#include "DataTable.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;
using namespace teamai::cli;

class TestInitOptions : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QString project() const { return m_home.path() + QStringLiteral("/work"); }

    InitOptions parse(const QStringList &extra, const QString &cwd = {}) const
    {
        CommandLine line = InitOptions::commandLine();
        if (!line.parse(QStringList{QStringLiteral("--http"), QStringLiteral("https://teamai.example.com")} + extra)) {
            InitOptions failed;
            failed.error = QStringLiteral("parse: ") + line.error();
            return failed;
        }
        return InitOptions::from(line, cwd.isEmpty() ? project() : cwd, m_home.path());
    }
    static QStringList names(const InitOptions &options)
    {
        QStringList out;
        for (const ToolInfo *tool : options.tools)
            out.append(tool->name);
        return out;
    }

private slots:
    void initTestCase() { QVERIFY(QDir().mkpath(project())); }

    void ourOptions()
    {
        const InitOptions options = parse({QStringLiteral("--token"), QStringLiteral("t0k"), QStringLiteral("--token-store=file"),
                                           QStringLiteral("--agents"), QStringLiteral("claude,codex")});
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QCOMPARE(options.endpoint, QStringLiteral("https://teamai.example.com"));
        QCOMPARE(options.token, QStringLiteral("t0k"));
        QCOMPARE(options.backend, TokenStore::Backend::File);
        QVERIFY(options.toolsGiven);
        QCOMPARE(names(options), (QStringList{QStringLiteral("claude"), QStringLiteral("codex")}));
    }

    void agentIsRepeatableAndCommaSeparated()
    {
        const InitOptions options = parse({QStringLiteral("--agent"), QStringLiteral("codebuddy"), QStringLiteral("--agent=claude, workbuddy"),
                                           QStringLiteral("--agents"), QStringLiteral("claude,cursor"), QStringLiteral("--agent"), QStringLiteral("Claude")});
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QCOMPARE(names(options), (QStringList{QStringLiteral("codebuddy"), QStringLiteral("claude"), QStringLiteral("workbuddy"),
                                              QStringLiteral("cursor")}));
    }

    void toolAndItsAliasesAreOneList()
    {
        // --tool is the name (issue 18 item 7); teamai-cli's --agent and our old --agents still work.
        const InitOptions options = parse({QStringLiteral("--tool"), QStringLiteral("kiro,codex"), QStringLiteral("--agent=claude"),
                                           QStringLiteral("--agents"), QStringLiteral("codex,cursor")});
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QVERIFY(options.toolsGiven);
        QCOMPARE(names(options), (QStringList{QStringLiteral("kiro"), QStringLiteral("codex"), QStringLiteral("claude"),
                                              QStringLiteral("cursor")}));
        QCOMPARE(parse({QStringLiteral("--tool"), QStringLiteral("emacs")}).error.left(20), QStringLiteral("unknown tool `emacs`"));
        QVERIFY(parse({QStringLiteral("--agent"), QStringLiteral(",")}).error.startsWith(QStringLiteral("--tool needs at least one tool")));
    }

    void withoutAgentEveryPresentAgent()
    {
        const InitOptions options = parse({});
        QVERIFY(options.error.isEmpty());
        QVERIFY(!options.toolsGiven);
    }

    void badAgents_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("unknown") << QStringList{QStringLiteral("--agent"), QStringLiteral("emacs")};
        QTest::newRow("empty list") << QStringList{QStringLiteral("--agent"), QStringLiteral(",")};
    }
    void badAgents()
    {
        QFETCH(QStringList, extra);
        QVERIFY(!parse(extra).error.isEmpty());
    }

    void scope()
    {
        InitOptions options = parse({QStringLiteral("--scope"), QStringLiteral("user")}, m_home.path());
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QCOMPARE(options.scope, QStringLiteral("user"));
        QVERIFY(options.notes.isEmpty());

        options = parse({QStringLiteral("--scope=project")});
        QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
        QCOMPARE(options.scope, QStringLiteral("project"));
        QCOMPARE(options.notes.size(), 1);

        // As teamai-cli: project scope is refused in HOME, and only the two names exist.
        QVERIFY(parse({QStringLiteral("--scope"), QStringLiteral("project")}, m_home.path()).error.contains(QStringLiteral("home folder")));
        QVERIFY(parse({QStringLiteral("--scope"), QStringLiteral("team")}).error.startsWith(QStringLiteral("invalid scope")));
    }

    void mcpIsAFlag()
    {
        QVERIFY(!parse({}).mcp);
        const InitOptions options = parse({QStringLiteral("--mcp"), QStringLiteral("--agent"), QStringLiteral("claude")});
        QVERIFY(options.error.isEmpty());
        QVERIFY(options.mcp);
        QCOMPARE(names(options), QStringList{QStringLiteral("claude")});
    }

    void forceIsAccepted()
    {
        const InitOptions options = parse({QStringLiteral("--force")});
        QVERIFY(options.error.isEmpty());
        QVERIFY(options.notes.isEmpty());
    }

    void gitModeOptionsAreRefused_data() { test::loadTable(); }
    void gitModeOptionsAreRefused()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, named);
        const QString error = parse(extra).error;
        QVERIFY2(error.contains(named) && error.contains(QStringLiteral("git team-repo mode")), qPrintable(error));
        QVERIFY(error.endsWith(QStringLiteral("nothing was changed")));
    }

    void httpIsRequired()
    {
        CommandLine line = InitOptions::commandLine();
        QVERIFY(line.parse({QStringLiteral("--token"), QStringLiteral("x")}));
        QCOMPARE(InitOptions::from(line, project(), m_home.path()).error, QStringLiteral("--http URL is required"));
    }

    void commandLineKeepsRepeatedValuesAndVerbose()
    {
        CommandLine line({QStringLiteral("agent")}, {});
        QVERIFY(line.parse({QStringLiteral("--agent"), QStringLiteral("a"), QStringLiteral("-v"), QStringLiteral("--agent=b")}));
        QCOMPARE(line.values(QStringLiteral("agent")), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(line.value(QStringLiteral("agent")), QStringLiteral("b"));
        QVERIFY(line.verboseRequested());
        QVERIFY(line.value(QStringLiteral("other")).isEmpty());
        CommandLine dry({}, {});
        QVERIFY(!dry.parse({QStringLiteral("--dry-run")}));
        QVERIFY(dry.error().contains(QStringLiteral("nothing was changed")));
    }
};

QTEST_GUILESS_MAIN(TestInitOptions)
#include "tst_initoptions.moc"
