// Issue 17 item 3, with the development backend and the real binary: a pushed command runs as a
// background task whose output is written, as it arrives, to its private output files; another
// process (`teamai history --follow ID`) prints it while it runs, ends with what the ledger
// recorded, reports bytes it could no longer get, and the record and the state file are written
// even when the worker is stopped by SIGTERM mid-run.

#include "AgentTestCase.h"
#include "RunProbes.h"
#include "output/CommandOutput.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <sys/stat.h>

#include <csignal>

using namespace teamai;
using namespace teamai::test;

namespace {

int modeOf(const QString &path)
{
    struct stat info {};
    if (::lstat(QFile::encodeName(path).constData(), &info) != 0)
        return -1;
    return int(info.st_mode & 07777);
}

/// `teamai history --follow` in its own process, its stdout and stderr collected as they come.
class Follower
{
public:
    explicit Follower(const QStringList &extra)
    {
        m_process.start(builtBinary("TEAMAI_BIN"), QStringList{QStringLiteral("history"), QStringLiteral("--follow")} + extra);
        m_process.closeWriteChannel();
    }
    ~Follower()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    QProcess &process() { return m_process; }
    /// Waits until its stdout so far contains @p text.
    bool waitForOut(const QByteArray &text, int timeoutMs)
    {
        const QDeadlineTimer deadline(timeoutMs);
        while (!out().contains(text)) {
            if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning)
                return out().contains(text);
            m_process.waitForReadyRead(50);
        }
        return true;
    }
    bool finish(int timeoutMs)
    {
        const bool done = m_process.state() == QProcess::NotRunning || m_process.waitForFinished(timeoutMs);
        out();
        err();
        return done && m_process.exitStatus() == QProcess::NormalExit;
    }
    QByteArray out() { return m_out += m_process.readAllStandardOutput(); }
    QByteArray err() { return m_err += m_process.readAllStandardError(); }

private:
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

} // namespace

class TestCommandOutputE2e : public AgentTestCase
{
    Q_OBJECT
private:
    QString outputFolder(qint64 id) const
    {
        return f->env().stateDir() + QStringLiteral("/output/claude/") + QString::number(id);
    }

    void setWindow(qint64 bytes)
    {
        const QString relative = QStringLiteral(".teamai/local-agent/settings.json");
        QJsonObject settings = QJsonDocument::fromJson(f->env().readFile(relative)).object();
        settings.insert(QStringLiteral("commandOutputWindowBytes"), bytes);
        f->env().writeFile(relative, QJsonDocument(settings).toJson());
    }

private slots:
    void followerPrintsTheOutputWhileTheWorkerRunsIt()
    {
        // `teamai doctor` prints its first checks at once, then waits ~4 s for get-config.
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), 4000},
                              {QStringLiteral("times"), 1}});
        f->server().queue(restrictedCommand(71, QStringLiteral("teamai doctor")));
        const QString cwd = f->env().home() + QStringLiteral("/work");
        QDir().mkpath(cwd);
        // The stop hook returns at once; the detached worker runs the command.
        const TeamaiRun hook = runTeamai(hookArguments(QStringLiteral("stop")), hookInput(cwd));
        QCOMPARE(hook.exitCode, 0);
        QVERIFY(waitForState(71, QStringLiteral("running")));

        Follower follower({QStringLiteral("71")});
        QVERIFY2(follower.waitForOut("[ ok ] config: ", 20000), follower.err().constData());
        // Printed by another process before the run was recorded as finished.
        QCOMPARE(historyRow(71).value(QStringLiteral("state")).toString(), QStringLiteral("running"));

        QVERIFY(follower.finish(30000));
        QCOMPARE(follower.process().exitCode(), 0);
        QVERIFY(waitForState(71, QStringLiteral("succeeded")) || historyRow(71).value(QStringLiteral("state")) == QStringLiteral("failed"));
        const QByteArray recorded = ledgerStdout(f->env().stateDir(), 71);
        QVERIFY(recorded.contains("[ ok ] config: "));
        QVERIFY(recorded.contains("backend"));  // the line after the slow get-config
        QCOMPARE(follower.out(), recorded);
        QVERIFY2(!follower.err().contains("no longer kept"), follower.err().constData());

        // Private to the user: the folders 0700 (the agent's state folder closes `output/`
        // itself), every file 0600.
        QCOMPARE(modeOf(f->env().stateDir()), 0700);
        QCOMPARE(modeOf(f->env().stateDir() + QStringLiteral("/output/claude")), 0700);
        QCOMPARE(modeOf(outputFolder(71)), 0700);
        const QStringList files = QDir(outputFolder(71)).entryList(QDir::Files | QDir::Hidden);
        QVERIFY(files.contains(QStringLiteral("state.json")));
        QVERIFY(files.size() >= 2);  // and at least one stdout segment
        for (const QString &name : files)
            QCOMPARE(modeOf(outputFolder(71) + u'/' + name), 0600);
        const output::RunState state = output::readState({QStringLiteral("claude"), 71});
        QVERIFY(state.finished && !state.running);
        QCOMPARE(state.exitCode, std::optional<int>(historyRow(71).value(QStringLiteral("exit_code")).toInt()));
        QVERIFY(f->waitForWorkers());
    }

    void lateFollowerOfAnOverflowingCommandReportsTheLossAndEndsWithTheTail()
    {
        setWindow(4096);
        // Rows for the pushed `teamai history` to print: about 400 bytes of JSON each.
        QJsonArray many;
        for (int id = 100; id < 150; ++id)
            many.append(unsupportedCommand(id));
        f->server().queue(many);
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        f->server().queue(restrictedCommand(200, QStringLiteral("teamai history --limit 500 --json")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        QCOMPARE(historyRow(200).value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
        const QByteArray recorded = ledgerStdout(f->env().stateDir(), 200);
        QVERIFY2(recorded.size() > 3 * 4096, QByteArray::number(recorded.size()).constData());

        // Started after the run: only the window is left.
        Follower follower({QStringLiteral("200"), QStringLiteral("--agent"), QStringLiteral("claude")});
        QVERIFY(follower.finish(30000));
        QCOMPARE(follower.process().exitCode(), 0);
        QVERIFY2(follower.err().contains("bytes of stdout were no longer kept"), follower.err().constData());
        const QByteArray shown = follower.out();
        QVERIFY(!shown.isEmpty());
        QVERIFY(shown.size() <= 4096);
        QVERIFY(recorded.endsWith(shown));
        // The notice names exactly what is missing.
        const QByteArray expected = QByteArray::number(recorded.size() - shown.size()) + " bytes of stdout";
        QVERIFY2(follower.err().contains(expected), follower.err().constData());
    }

    void sigtermOfTheWorkerStillFinishesTheOutputAndTheRecord()
    {
        QProcess worker;
        QVERIFY(f->startAgentRunningACommand(worker, {QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")}, 81));
        QTRY_VERIFY_WITH_TIMEOUT(output::readState({QStringLiteral("claude"), 81}).running, 10000);
        // The state is written when the run starts and again with the pid once the child exists.
        QTRY_VERIFY_WITH_TIMEOUT(output::readState({QStringLiteral("claude"), 81}).pid > 0, 10000);
        Follower follower({QStringLiteral("81")});
        QVERIFY(follower.waitForOut("[ ok ] config: ", 20000));

        const qint64 workerPid = worker.processId();
        QVERIFY(treeProcessesOf(workerPid) >= 1);
        ::kill(pid_t(workerPid), SIGTERM);
        QVERIFY(worker.waitForFinished(15000));
        QCOMPARE(worker.exitStatus(), QProcess::NormalExit);
        QCOMPARE(worker.exitCode(), 128 + SIGTERM);
        QCOMPARE(treeProcessesOf(workerPid), 0);

        const QJsonObject row = historyRow(81);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(row.value(QStringLiteral("signal")).toInt(), SIGTERM);
        const output::RunState state = output::readState({QStringLiteral("claude"), 81});
        QVERIFY(state.finished && !state.running);
        QCOMPARE(state.exitCode, std::optional<int>(143));
        // The follower saw the end: everything the child printed, then exit 0.
        QVERIFY(follower.finish(15000));
        QCOMPARE(follower.process().exitCode(), 0);
        QCOMPARE(follower.out(), ledgerStdout(f->env().stateDir(), 81));
    }

    void followRefusesBadIdsAndSaysWhenThereIsNoOutput()
    {
        for (const QString &bad : {QStringLiteral("-5"), QStringLiteral("abc"), QStringLiteral("0"), QStringLiteral("12x")}) {
            const TeamaiRun run = runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), bad});
            QCOMPARE(run.exitCode, 2);
            QVERIFY(run.out.isEmpty());
        }
        QCOMPARE(runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("5"), QStringLiteral("--agent"),
                            QStringLiteral("nosuchtool")}).exitCode, 2);
        QCOMPARE(runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("5"), QStringLiteral("--json")}).exitCode, 2);
        // Never ran here.
        const TeamaiRun unknown = runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("999")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("no output for command 999"));
        // Refused, so it never ran: no output either.
        f->server().queue(restrictedCommand(300, QStringLiteral("rm -rf /")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        QCOMPARE(historyRow(300).value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("300")}).exitCode, 1);
        QVERIFY(!QFileInfo::exists(outputFolder(300)));
    }

    void anIdThatCameForSeveralAgentsNeedsAgent()
    {
        f->server().queue(restrictedCommand(400, QStringLiteral("teamai --version")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        f->server().queue(restrictedCommand(400, QStringLiteral("teamai --version")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("codex")}).exitCode, 0);
        QCOMPARE(historyRows({QStringLiteral("--type"), QStringLiteral("uninstall_teamai")}).size(), 2);

        const TeamaiRun ambiguous = runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("400")});
        QCOMPARE(ambiguous.exitCode, 2);
        QVERIFY2(ambiguous.err.contains("claude, codex"), ambiguous.err.constData());
        const TeamaiRun chosen = runTeamai({QStringLiteral("history"), QStringLiteral("--follow"), QStringLiteral("400"),
                                            QStringLiteral("--tool"), QStringLiteral("codex")});
        QCOMPARE(chosen.exitCode, 0);
        QVERIFY(chosen.out.startsWith("teamai "));
        QCOMPARE(chosen.out, ledgerStdout(f->env().stateDir(), 400, QStringLiteral("codex")));
    }

};

QTEST_GUILESS_MAIN(TestCommandOutputE2e)
#include "tst_command_output_e2e.moc"
