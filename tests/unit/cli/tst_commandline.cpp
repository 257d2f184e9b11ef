// The subcommands' option parser (app/teamai/cli/CommandLine): values, flags, positionals, the
// errors for a typo, and aliases — the spellings kept for old scripts and for the reference
// client (`--agent` for `--tool`), which land on the one option and are reported as typed.

#include "cli/CommandLine.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai::cli;

class TestCommandLine : public QObject
{
    Q_OBJECT

    static CommandLine toolLine()
    {
        CommandLine line({QStringLiteral("tool"), QStringLiteral("limit")}, {QStringLiteral("json")});
        line.addAlias(QStringLiteral("agent"), QStringLiteral("tool"));
        line.addAlias(QStringLiteral("agents"), QStringLiteral("tool"));
        return line;
    }

private slots:
    void valuesFlagsAndInlineValues()
    {
        CommandLine line = toolLine();
        QVERIFY2(line.parse({QStringLiteral("--tool"), QStringLiteral("claude"), QStringLiteral("--limit=5"), QStringLiteral("--json")}),
                 qPrintable(line.error()));
        QCOMPARE(line.value(QStringLiteral("tool")), QStringLiteral("claude"));
        QCOMPARE(line.value(QStringLiteral("limit")), QStringLiteral("5"));
        QVERIFY(line.isSet(QStringLiteral("json")));
        QVERIFY(!line.isSet(QStringLiteral("agent")));
    }

    void aliasesLandOnTheOneOptionInOrder()
    {
        CommandLine line = toolLine();
        QVERIFY2(line.parse({QStringLiteral("--agent"), QStringLiteral("codex"), QStringLiteral("--tool=claude"),
                             QStringLiteral("--agents"), QStringLiteral("cursor,kiro")}),
                 qPrintable(line.error()));
        QCOMPARE(line.values(QStringLiteral("tool")),
                 (QStringList{QStringLiteral("codex"), QStringLiteral("claude"), QStringLiteral("cursor,kiro")}));
        QCOMPARE(line.value(QStringLiteral("tool")), QStringLiteral("cursor,kiro"));
        QVERIFY(!line.isSet(QStringLiteral("agent")));
        QVERIFY(line.values(QStringLiteral("agents")).isEmpty());
    }

    void errorsNameTheOptionAsTyped_data() { teamai::test::loadTable(); }

    void errorsNameTheOptionAsTyped()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        CommandLine line = toolLine();
        QVERIFY(!line.parse(arguments));
        QCOMPARE(line.error(), error);
    }

    void helpAndVerboseAreEverywhere()
    {
        CommandLine line = toolLine();
        QVERIFY(line.parse({QStringLiteral("-v"), QStringLiteral("--help")}));
        QVERIFY(line.helpRequested());
        QVERIFY(line.verboseRequested());
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
