// The hook's command line (issue 14 item 2): every option teamai-cli's `hook-dispatch` accepts,
// with its meaning, and nothing that stops the round — unknown options, missing values and stray
// arguments are collected for one log line.

#include "cli/GlobalOptions.h"
#include "cli/HookArguments.h"

#include <QtTest>

using namespace teamai::cli;

namespace {
QStringList words(const char *line)
{
    return QString::fromUtf8(line).split(u' ', Qt::SkipEmptyParts);
}
} // namespace

class TestHookArguments : public QObject
{
    Q_OBJECT
private slots:
    void referenceOptions()
    {
        const HookArguments args = HookArguments::parse(words("post-tool-use --tool codebuddy --matcher Skill --stdin --bg-only "
                                                              "--stdin-file /tmp/teamai-hook-1.json"));
        QCOMPARE(args.event, QStringLiteral("post-tool-use"));
        QCOMPARE(args.tool, QStringLiteral("codebuddy"));
        QCOMPARE(args.matcher, QStringLiteral("Skill"));
        QCOMPARE(args.stdinFile, QStringLiteral("/tmp/teamai-hook-1.json"));
        QVERIFY(args.bgOnly);
        QVERIFY(!args.dryRun);
        QVERIFY(args.unknown.isEmpty());
        QVERIFY(args.problems.isEmpty());
        QVERIFY(args.ignoredSummary().isEmpty());
    }

    void inlineValuesAndAnyOrder()
    {
        const HookArguments args = HookArguments::parse(words("--matcher=TodoWrite --tool=workbuddy stop --dry-run -v"));
        QCOMPARE(args.event, QStringLiteral("stop"));
        QCOMPARE(args.tool, QStringLiteral("workbuddy"));
        QCOMPARE(args.matcher, QStringLiteral("TodoWrite"));
        QVERIFY(args.dryRun);
        QVERIFY(args.verbose);
        QVERIFY(args.problems.isEmpty());
        QVERIFY(HookArguments::parse(words("stop --verbose")).verbose);
    }

    void defaultsAreTheReferences()
    {
        const HookArguments args = HookArguments::parse(words("session-start"));
        QCOMPARE(args.tool, QStringLiteral("claude"));
        QCOMPARE(args.matcher, QStringLiteral("*"));
        QVERIFY(args.stdinFile.isEmpty());
        QVERIFY(!args.bgOnly);
    }

    void unknownOptionsNeverTakeTheEventsPlace_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("unknown");
        QTest::newRow("after the event") << "session-start --tool claude --bogus x" << QStringList{QStringLiteral("--bogus")};
        QTest::newRow("before the event") << "--bogus x session-start" << QStringList{QStringLiteral("--bogus")};
        QTest::newRow("inline value") << "--bogus=1 session-start --also" << QStringList{QStringLiteral("--bogus=1"), QStringLiteral("--also")};
        QTest::newRow("short options") << "-x session-start -q" << QStringList{QStringLiteral("-x"), QStringLiteral("-q")};
    }
    void unknownOptionsNeverTakeTheEventsPlace()
    {
        QFETCH(QString, line);
        QFETCH(QStringList, unknown);
        const HookArguments args = HookArguments::parse(line.split(u' '));
        QCOMPARE(args.event, QStringLiteral("session-start"));
        QCOMPARE(args.tool, QStringLiteral("claude"));
        QCOMPARE(args.unknown, unknown);
        QVERIFY(args.ignoredSummary().startsWith(QStringLiteral("hook session-start: ignored unknown option(s) ")));
    }

    void missingValuesKeepTheDefaults_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("tool at the end") << words("stop --tool");
        QTest::newRow("tool before an option") << words("stop --tool --matcher Bash");
        QTest::newRow("empty inline") << words("stop --tool=");
        QTest::newRow("empty argument") << QStringList{QStringLiteral("stop"), QStringLiteral("--tool"), QString()};
    }
    void missingValuesKeepTheDefaults()
    {
        QFETCH(QStringList, arguments);
        const HookArguments args = HookArguments::parse(arguments);
        QCOMPARE(args.event, QStringLiteral("stop"));
        QCOMPARE(args.tool, QStringLiteral("claude"));
        QVERIFY(args.unknown.isEmpty());
        QCOMPARE(args.problems, QStringList{QStringLiteral("--tool without a value")});
    }

    void strayArgumentsAndFlagValuesAreIgnored()
    {
        const HookArguments args = HookArguments::parse(words("stop extra --bg-only=yes"));
        QCOMPARE(args.event, QStringLiteral("stop"));
        QVERIFY(!args.bgOnly);
        QCOMPARE(args.problems, (QStringList{QStringLiteral("--bg-only=yes (the flag takes no value)"),
                                            QStringLiteral("unexpected argument `extra`")}));
    }

    void eventAfterDoubleDash()
    {
        const HookArguments args = HookArguments::parse(words("--tool codex -- stop"));
        QCOMPARE(args.event, QStringLiteral("stop"));
        QCOMPARE(args.tool, QStringLiteral("codex"));
    }

    void unknownEventIsKept()
    {
        QCOMPARE(HookArguments::parse(words("lunch-break --tool claude")).event, QStringLiteral("lunch-break"));
        QVERIFY(HookArguments::parse({}).event.isEmpty());
    }

    void help()
    {
        QVERIFY(HookArguments::parse(words("--help")).help);
        QVERIFY(HookArguments::parse(words("stop -h")).help);
    }

    void globalOptionsBeforeTheCommand_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("normalized");
        QTest::newRow("none") << "hook-dispatch stop --tool claude" << "hook-dispatch stop --tool claude";
        QTest::newRow("verbose") << "-v hook-dispatch stop" << "hook-dispatch -v stop";
        QTest::newRow("both") << "--dry-run --verbose --hook stop" << "--hook --dry-run --verbose stop";
        QTest::newRow("hook=") << "--hook=stop --tool codex" << "--hook stop --tool codex";
        QTest::newRow("globals then hook=") << "-v --hook=stop" << "--hook -v stop";
        QTest::newRow("other command") << "--dry-run uninstall --force" << "uninstall --dry-run --force";
        QTest::newRow("after the command stay") << "init -v --http x" << "init -v --http x";
        QTest::newRow("globals alone") << "-v" << "-v";
    }
    void globalOptionsBeforeTheCommand()
    {
        QFETCH(QString, line);
        QFETCH(QString, normalized);
        QCOMPARE(withGlobalOptionsAfterCommand(line.split(u' ')).join(u' '), normalized);
    }

    void hookCommands()
    {
        QVERIFY(isHookCommand(QStringLiteral("--hook")));
        QVERIFY(isHookCommand(QStringLiteral("hook-dispatch")));
        QVERIFY(!isHookCommand(QStringLiteral("hook")));
        QVERIFY(!isHookCommand(QStringLiteral("--hook=stop")));  // split first by withGlobalOptionsAfterCommand
    }
};

QTEST_GUILESS_MAIN(TestHookArguments)
#include "tst_hookarguments.moc"
