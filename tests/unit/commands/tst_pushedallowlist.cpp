// The closed allowlist of pushed `cmd` strings (docs/security.md): every allowed form runs, every
// other subcommand, option, value and hidden variant is refused before anything runs.

#include "commands/PushedAllowlist.h"
#include "commands/RestrictedCommand.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai;

namespace {
QString notAllowed(const QString &invocation)
{
    return QStringLiteral("Rejected cmd: \"%1\" is not allowed from the backend").arg(invocation);
}
QString optionNotAllowed(const QString &option, const QString &invocation)
{
    return QStringLiteral("Rejected cmd: option \"%1\" of \"%2\" is not allowed from the backend").arg(option, invocation);
}
QString valueNotAllowed(const QString &value, const QString &option, const QString &invocation)
{
    return QStringLiteral("Rejected cmd: value \"%1\" of option \"%2\" of \"%3\" is not allowed from the backend")
        .arg(value, option, invocation);
}
} // namespace

class TestPushedAllowlist : public QObject
{
    Q_OBJECT
private slots:
    void allowedFormsRun_data() { test::loadTable(); }
    void allowedFormsRun()
    {
        QFETCH(QString, cmd);
        QFETCH(QStringList, arguments);
        const RestrictedCommand parsed = RestrictedCommand::parse(cmd);
        QCOMPARE(parsed.rejection, QString());
        QCOMPARE(parsed.arguments, arguments);
    }

    void everythingElseIsRefused_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::addColumn<QString>("rejection");
        const auto row = [](const char *cmd, const QString &rejection) { QTest::newRow(cmd) << QString::fromUtf8(cmd) << rejection; };
        const QString uninstall = QStringLiteral("teamai uninstall");
        const QString history = QStringLiteral("teamai history");
        // Subcommands that change the endpoint, token, switch or agents, sync or start a worker.
        row("teamai init --http http://127.0.0.1:1 --token x --agents claude,codex,cursor", notAllowed(QStringLiteral("teamai init")));
        row("teamai remote-cmd enable", notAllowed(QStringLiteral("teamai remote-cmd")));
        row("teamai remote-cmd disable", notAllowed(QStringLiteral("teamai remote-cmd")));
        row("teamai sync", notAllowed(QStringLiteral("teamai sync")));
        row("teamai sync --no-such-option", notAllowed(QStringLiteral("teamai sync")));
        row("teamai worker", notAllowed(QStringLiteral("teamai worker")));
        row("teamai worker --cwd /tmp", notAllowed(QStringLiteral("teamai worker")));
        row("teamai --hook session-start --tool claude", notAllowed(QStringLiteral("teamai --hook")));
        row("teamai hook-dispatch stop", notAllowed(QStringLiteral("teamai hook-dispatch")));
        row("teamai help", notAllowed(QStringLiteral("teamai help")));
        row("teamai --help", notAllowed(QStringLiteral("teamai --help")));
        row("teamai version", notAllowed(QStringLiteral("teamai version")));
        row("teamai update", notAllowed(QStringLiteral("teamai update")));
        // Hidden variants of a refused subcommand.
        row("teamai  init", notAllowed(QStringLiteral("teamai init")));
        row("teamai \"init\" --http x", notAllowed(QStringLiteral("teamai init")));
        row("teamai 'sync'", notAllowed(QStringLiteral("teamai sync")));
        row("teamai --http=x uninstall", notAllowed(QStringLiteral("teamai --http=x")));
        row("teamai --cwd /tmp uninstall", notAllowed(QStringLiteral("teamai --cwd")));
        row("teamai -- uninstall", notAllowed(QStringLiteral("teamai --")));
        row("teamai Uninstall", notAllowed(QStringLiteral("teamai Uninstall")));
        row("teamai UNINSTALL", notAllowed(QStringLiteral("teamai UNINSTALL")));
        row("teamai un\u0456nstall", notAllowed(QStringLiteral("teamai un\u0456nstall")));         // Cyrillic і
        row("teamai \u2014version", notAllowed(QStringLiteral("teamai \u2014version")));           // em dash
        row("teamai \uFF55ninstall", notAllowed(QStringLiteral("teamai \uFF55ninstall")));         // fullwidth u
        row("teamai uninstall\u200B", notAllowed(QStringLiteral("teamai uninstall?")));            // zero-width space
        row("teamai", notAllowed(QStringLiteral("teamai")));
        row("teamai ''", notAllowed(QStringLiteral("teamai")));
        row("teamai \"\" uninstall", notAllowed(QStringLiteral("teamai")));
        row("teamai --version; touch x", notAllowed(QStringLiteral("teamai --version;")));
        // Options of an allowed subcommand.
        row("teamai uninstall --cwd /tmp", optionNotAllowed(QStringLiteral("--cwd"), uninstall));
        row("teamai uninstall --purge", optionNotAllowed(QStringLiteral("--purge"), uninstall));
        row("teamai uninstall --http http://x", optionNotAllowed(QStringLiteral("--http"), uninstall));
        row("teamai uninstall --token=x", optionNotAllowed(QStringLiteral("--token"), uninstall));
        row("teamai uninstall --agents claude,codex", optionNotAllowed(QStringLiteral("--agents"), uninstall));
        row("teamai uninstall --tool claude", optionNotAllowed(QStringLiteral("--tool"), uninstall));
        row("teamai uninstall --home /tmp", optionNotAllowed(QStringLiteral("--home"), uninstall));
        row("teamai uninstall --yes", optionNotAllowed(QStringLiteral("--yes"), uninstall));
        row("teamai uninstall -y", optionNotAllowed(QStringLiteral("-y"), uninstall));
        row("teamai uninstall --help", optionNotAllowed(QStringLiteral("--help"), uninstall));
        row("teamai uninstall --Force", optionNotAllowed(QStringLiteral("--Force"), uninstall));
        row("teamai uninstall ---force", optionNotAllowed(QStringLiteral("---force"), uninstall));
        row("teamai uninstall --force --", optionNotAllowed(QStringLiteral("--"), uninstall));
        row("teamai uninstall -- --force", optionNotAllowed(QStringLiteral("--"), uninstall));
        row("teamai status --json --cwd /tmp", optionNotAllowed(QStringLiteral("--cwd"), QStringLiteral("teamai status")));
        row("teamai doctor --json", optionNotAllowed(QStringLiteral("--json"), QStringLiteral("teamai doctor")));
        row("teamai history --since 2026-01-01", optionNotAllowed(QStringLiteral("--since"), history));
        row("teamai --version --http x", optionNotAllowed(QStringLiteral("--http"), QStringLiteral("teamai --version")));
        // Extra positional arguments.
        row("teamai uninstall claude",
            QStringLiteral("Rejected cmd: argument \"claude\" of \"teamai uninstall\" is not allowed from the backend"));
        row("teamai uninstall --force -",
            QStringLiteral("Rejected cmd: argument \"-\" of \"teamai uninstall\" is not allowed from the backend"));
        row("teamai --version extra",
            QStringLiteral("Rejected cmd: argument \"extra\" of \"teamai --version\" is not allowed from the backend"));
        row("teamai status init", QStringLiteral("Rejected cmd: argument \"init\" of \"teamai status\" is not allowed from the backend"));
        // Values.
        const auto badAgent = [&](const char *cmd, const QString &value) {
            row(cmd, valueNotAllowed(value, QStringLiteral("--agent"), uninstall));
        };
        badAgent("teamai uninstall --agent=--cwd", QStringLiteral("--cwd"));
        badAgent("teamai uninstall --agent --cwd", QStringLiteral("--cwd"));
        badAgent("teamai uninstall --agent --force", QStringLiteral("--force"));
        badAgent("teamai uninstall --agent -x", QStringLiteral("-x"));
        badAgent("teamai uninstall --agent emacs", QStringLiteral("emacs"));
        badAgent("teamai uninstall --agent ../claude", QStringLiteral("../claude"));
        badAgent("teamai uninstall --agent ' claude'", QStringLiteral(" claude"));
        badAgent("teamai uninstall --agent cl\u0430ude", QStringLiteral("cl\u0430ude"));
        badAgent("teamai uninstall --agent=", QString());
        row("teamai uninstall --agent",
            QStringLiteral("Rejected cmd: option \"--agent\" of \"teamai uninstall\" needs a value"));
        row("teamai uninstall --force=yes",
            QStringLiteral("Rejected cmd: option \"--force\" of \"teamai uninstall\" takes no value"));
        row("teamai uninstall --agent claude --agent codex",
            QStringLiteral("Rejected cmd: option \"--agent\" of \"teamai uninstall\" is given more than once"));
        row("teamai uninstall --force --force",
            QStringLiteral("Rejected cmd: option \"--force\" of \"teamai uninstall\" is given more than once"));
        const auto badHistoryValue = [&](const char *cmd, const char *option, const QString &value) {
            row(cmd, valueNotAllowed(value, QString::fromUtf8(option), history));
        };
        badHistoryValue("teamai history --limit -1", "--limit", QStringLiteral("-1"));
        badHistoryValue("teamai history --limit 0", "--limit", QStringLiteral("0"));
        badHistoryValue("teamai history --limit 5x", "--limit", QStringLiteral("5x"));
        badHistoryValue("teamai history --limit \uFF15", "--limit", QStringLiteral("\uFF15"));
        badHistoryValue("teamai history --limit 123456789", "--limit", QStringLiteral("123456789"));
        badHistoryValue("teamai history --state done", "--state", QStringLiteral("done"));
        badHistoryValue("teamai history --type ../x", "--type", QStringLiteral("../x"));
        // The first-token checks keep the reference client's wording (SPEC §5).
        row("rm -rf /", QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "rm")"));
        row("sh -c 'teamai --version'", QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "sh")"));
    }
    void everythingElseIsRefused()
    {
        QFETCH(QString, cmd);
        QFETCH(QString, rejection);
        const RestrictedCommand parsed = RestrictedCommand::parse(cmd);
        QCOMPARE(parsed.rejection, rejection);
        QVERIFY(!parsed.allowed());
        QVERIFY(parsed.arguments.isEmpty());
    }

    void echoedTokensAreCapped()
    {
        const QString sub = QString(5000, u'x');
        const QString rejection = pushedallowlist::check({sub}).error();
        QVERIFY(rejection.startsWith(QStringLiteral("Rejected cmd: \"teamai xxxx")));
        QVERIFY(rejection.size() < 200);
        QVERIFY(pushedallowlist::check({QStringLiteral("uninstall"), QStringLiteral("--") + sub}).error().size() < 200);
        // Control characters never reach the ack as they are.
        QCOMPARE(pushedallowlist::check({QStringLiteral("in\x1b[2Jit")}).error(), notAllowed(QStringLiteral("teamai in?[2Jit")));
    }

    void describeListsTheTable()
    {
        const QStringList lines = pushedallowlist::describe();
        QVERIFY(lines.contains(QStringLiteral("teamai uninstall [--agent AGENT] [--force]")));
        QVERIFY(lines.contains(QStringLiteral("teamai --version")));
        for (const QString &line : lines) {
            QVERIFY2(!line.contains(QStringLiteral("init")) && !line.contains(QStringLiteral("sync"))
                         && !line.contains(QStringLiteral("worker")) && !line.contains(QStringLiteral("--cwd")),
                     qPrintable(line));
        }
    }
};

QTEST_GUILESS_MAIN(TestPushedAllowlist)
#include "tst_pushedallowlist.moc"
