// The hook's command line as teamai-cli writes it (issue 14 item 2): `teamai hook-dispatch EVENT`
// with every option the reference accepts (--tool, --matcher, --stdin, --stdin-file, --bg-only,
// its global --dry-run and -v), and options it does not know never stop the round: it reports,
// syncs, exits 0 and prints nothing.

#include "AgentTestCase.h"
#include "DataTable.h"
#include "JsonLookup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {
const QByteArray kHookJson = R"({"session_id":"abc","hook_event_name":"SessionStart"})";

QStringList words(const char *line)
{
    return QString::fromUtf8(line).split(u' ', Qt::SkipEmptyParts);
}

QByteArray payloadIn(const QString &cwd)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("f")}, {QStringLiteral("cwd"), cwd}})
        .toJson(QJsonDocument::Compact);
}
} // namespace

class TestHookOptionsEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    static void verifyQuiet(const TeamaiRun &run)
    {
        QVERIFY(run.finished);
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray());
    }
    QJsonObject lastBody(const QString &route)
    {
        if (!f->waitForWorkers())  // stop/post-tool-use: the worker's round
            qWarning("a worker did not finish");
        return f->server().lastBody(route);
    }
    /// The folder names of the workspaces the last sync named.
    QStringList syncedWorkspaces()
    {
        return stringsOf(lastBody(QStringLiteral("sync")).value(QStringLiteral("workspaces")).toArray(), QStringLiteral("name"));
    }
    QString makeDir(const QString &relative)
    {
        const QString path = f->env().home() + u'/' + relative;
        QDir().mkpath(path);
        return path;
    }
    QByteArray log()
    {
        QFile file(f->env().stateDir() + QStringLiteral("/logs/teamai.log"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void unknownOptionsStillRunTheRound()
    {
        f->server().queue(unsupportedCommand(1));
        verifyQuiet(runTeamai(words("hook-dispatch session-start --tool claude --matcher * --bogus x"), kHookJson));
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
        QCOMPARE(lastBody(QStringLiteral("sync")).value(QStringLiteral("agent_type")).toString(), QStringLiteral("claude"));
        QCOMPARE(f->ackFor(1).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));  // handled in the round
        // Said once, in one line.
        QCOMPARE(log().count("--bogus"), 1);
    }

    void aMatcherHookAddsNoRound()
    {
        // teamai-cli's PostToolUse entries for one matcher run beside its wildcard entry for the
        // same tool call; as there, only the wildcard one reports and syncs.
        f->server().queue(unsupportedCommand(1));
        verifyQuiet(runTeamai(words("hook-dispatch post-tool-use --tool claude --matcher Skill"), kHookJson));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests().size(), 0);
        verifyQuiet(runTeamai(words("hook-dispatch post-tool-use --tool claude"), kHookJson));
        QCOMPARE(lastBody(QStringLiteral("sync")).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
    }

    void missingValuesAndTheDefaultTool_data() { loadTable(); }
    void missingValuesAndTheDefaultTool()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, status);
        verifyQuiet(runTeamai(arguments, kHookJson));
        const QJsonObject sync = lastBody(QStringLiteral("sync"));
        QCOMPARE(sync.value(QStringLiteral("agent_type")).toString(), QStringLiteral("claude"));  // teamai-cli's default
        QCOMPARE(sync.value(QStringLiteral("status")).toString(), status);
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
    }

    void globalOptionsBeforeOrAfterTheCommand_data() { loadTable(); }
    void globalOptionsBeforeOrAfterTheCommand()
    {
        QFETCH(QStringList, arguments);
        verifyQuiet(runTeamai(arguments, kHookJson));
        QCOMPARE(lastBody(QStringLiteral("sync")).value(QStringLiteral("agent_type")).toString(), QStringLiteral("codebuddy"));
        QCOMPARE(lastBody(QStringLiteral("sync")).value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QVERIFY(log().contains(" debug teamai.hook: hook stop tool codebuddy"));  // -v: debug lines logged
    }

    void stdinFileIsReadAndRemoved()
    {
        const QString fromFile = makeDir(QStringLiteral("work/from-file"));
        const QString fromStdin = makeDir(QStringLiteral("work/from-stdin"));
        const QString spool = f->env().writeFile(QStringLiteral("spool/teamai-hook-1.json"), payloadIn(fromFile));
        verifyQuiet(runTeamai({QStringLiteral("hook-dispatch"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("claude"),
                               QStringLiteral("--stdin-file"), spool},
                              payloadIn(fromStdin)));
        QVERIFY(!QFileInfo::exists(spool));
        QVERIFY2(syncedWorkspaces().contains(QStringLiteral("from-file")), qPrintable(syncedWorkspaces().join(u',')));
        QVERIFY(!syncedWorkspaces().contains(QStringLiteral("from-stdin")));  // stdin is not read
    }

    void aLinkGivenAsStdinFileIsKept()
    {
        const QString fromFile = makeDir(QStringLiteral("work/from-file"));
        const QString target = f->env().writeFile(QStringLiteral("spool/real.json"), payloadIn(fromFile));
        const QString link = f->env().home() + QStringLiteral("/spool/link.json");
        QVERIFY(QFile::link(target, link));
        verifyQuiet(runTeamai({QStringLiteral("hook-dispatch"), QStringLiteral("stop"), QStringLiteral("--stdin-file=") + link}, kHookJson));
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFileInfo::exists(target));
        QVERIFY(f->waitForWorkers());  // stop: the worker runs the round
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);  // the round ran, with an empty payload
        QVERIFY(!syncedWorkspaces().contains(QStringLiteral("from-file")));
    }

    void dryRunSendsAndChangesNothing()
    {
        f->server().queue(unsupportedCommand(2));
        const QStringList before = QDir(f->env().stateDir()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
        verifyQuiet(runTeamai(words("--dry-run hook-dispatch session-start --tool claude"), kHookJson));
        verifyQuiet(runTeamai(words("--hook stop --dry-run"), kHookJson));
        QVERIFY(f->server().requests().isEmpty());
        QStringList after = QDir(f->env().stateDir()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
        after.removeAll(QStringLiteral("logs"));  // the log says what would have run
        QStringList expected = before;
        expected.removeAll(QStringLiteral("logs"));
        QCOMPARE(after, expected);
    }

    void bgOnlyRunsTheWholeRoundHere()
    {
        // A restricted command waits for the worker in a budgeted hook; --bg-only runs it inline.
        f->server().queue(restrictedCommand(3, QStringLiteral("teamai --version")));
        verifyQuiet(runTeamai(words("hook-dispatch session-start --tool claude --bg-only"), kHookJson));
        QCOMPARE(f->ackFor(3).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);  // no worker synced again
    }
};

QTEST_GUILESS_MAIN(TestHookOptionsEndToEnd)
#include "tst_hook_options_e2e.moc"
