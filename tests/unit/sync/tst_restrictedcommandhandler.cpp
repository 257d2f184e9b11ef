// RestrictedCommandHandler with a recording executor: what a pushed command's child gets (the
// scrubbed environment plus the product's marker, set after the scrub), and that nothing runs
// when the allowlist or the no-recursion rule refuses. A link to the real `teamai` sits beside
// this test (ownTeamaiExecutable() must exist); it is never started here.

#include "commands/Command.h"
#include "commands/PushedCommandMarker.h"
#include "exec/Executor.h"
#include "output/CommandOutput.h"
#include "sync/CommandContext.h"
#include "sync/RestrictedCommandHandler.h"
#include "tools/ToolTable.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;

namespace {

class RecordingExecutor : public exec::Executor
{
public:
    QList<exec::ExecSpec> runs;     // blocking runs: the handler must not use them any more
    QList<exec::ExecSpec> started;  // background tasks
    QList<exec::TaskId> removed;

    exec::ExecResult run(const exec::ExecSpec &spec) override
    {
        runs.append(spec);
        return {};
    }
    exec::TaskId start(const exec::ExecSpec &spec) override
    {
        started.append(spec);
        const exec::TaskId id = exec::TaskId(started.size());
        // Like LocalExecutor: the end is reported on a later turn of the event loop.
        QMetaObject::invokeMethod(this, [this, id] { emit taskFinished(id); }, Qt::QueuedConnection);
        return id;
    }
    std::optional<exec::TaskInfo> get(exec::TaskId id) const override
    {
        if (id == 0 || id > exec::TaskId(started.size()) || removed.contains(id))
            return std::nullopt;
        exec::TaskInfo info;
        info.id = id;
        info.owner = started.at(qsizetype(id - 1)).owner;
        info.result = exec::ExecResult();
        info.result->exitCode = 0;
        info.result->pid = 4242;
        return info;
    }
    QList<exec::TaskInfo> list(const QString &) const override { return {}; }
    std::optional<exec::OutputChunk> readOutput(exec::TaskId, const QString &) override { return std::nullopt; }
    bool kill(exec::TaskId, const QString &) override { return false; }
    bool remove(exec::TaskId id, const QString &owner) override
    {
        if (!get(id) || get(id)->owner != owner)
            return false;
        removed.append(id);
        return true;
    }
};

Command pushed(qint64 id, const QString &cmd)
{
    return Command::fromJson({{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                              {QStringLiteral("cmd"), cmd}});
}

} // namespace

class TestRestrictedCommandHandler : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir home;
    RecordingExecutor executor;
    exec::ExecPolicy policy;
    CommandRoute route;
    CommandContext context;

    CommandResult handle(qint64 id, const QString &cmd)
    {
        RestrictedCommandHandler handler(executor, policy);
        return handler.handle(pushed(id, cmd), route, context);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home.isValid());
        // A private HOME: the kill switch reads the user's settings from there.
        qputenv("HOME", home.path().toLocal8Bit());
        qputenv("TEAMAI_HOME", (home.path() + QStringLiteral("/.teamai")).toLocal8Bit());
        qunsetenv("TEAMAI_DISABLE_REMOTE_CMD");
        qputenv("TEAMAI_POLICY_FILE", (home.path() + QStringLiteral("/no-policy.json")).toLocal8Bit());
        route.handler = CommandRoute::Handler::RestrictedCmd;
        policy.spillDir = home.path() + QStringLiteral("/spill");
        context.tool = findTool(QStringLiteral("claude"));
        QVERIFY(context.tool);
    }
    void init()
    {
        executor.runs.clear();
        executor.started.clear();
        executor.removed.clear();
        qunsetenv("TEAMAI_PUSHED_COMMAND");
    }

    void childGetsTheMarkerAfterTheScrub()
    {
        qputenv("GITHUB_PAT", "ghp_secret");
        qputenv("DATABASE_URL", "postgres://app:pw@db/app");
        qputenv("TEAMAI_REMOTE_COMMAND_ID", "stale");
        const CommandResult result = handle(77, QStringLiteral("teamai uninstall --agent claude --force"));
        qunsetenv("GITHUB_PAT");
        qunsetenv("DATABASE_URL");
        qunsetenv("TEAMAI_REMOTE_COMMAND_ID");
        QCOMPARE(result.outcome, CommandResult::Outcome::Succeeded);
        // A background task owned by the tool, forgotten once its result was taken.
        QVERIFY(executor.runs.isEmpty());
        QCOMPARE(executor.started.size(), 1);
        QCOMPARE(executor.removed, QList<exec::TaskId>{1});
        QCOMPARE(result.exec->pid, 4242);
        const exec::ExecSpec &spec = executor.started.first();
        QCOMPARE(spec.owner, QStringLiteral("claude"));
        // The task-finished callback wrote the final state of the command's output folder.
        const output::RunState state = output::readState({QStringLiteral("claude"), 77});
        QVERIFY(state.exists);
        QVERIFY(state.finished && !state.running);
        QCOMPARE(state.exitCode, std::optional<int>(0));
        QCOMPARE(spec.arguments, (QStringList{QStringLiteral("uninstall"), QStringLiteral("--agent"), QStringLiteral("claude"),
                                              QStringLiteral("--force")}));
        QCOMPARE(spec.environment.value(pushedmarker::variableName()), QStringLiteral("77"));
        QVERIFY(!spec.environment.contains(QStringLiteral("GITHUB_PAT")));
        QVERIFY(!spec.environment.contains(QStringLiteral("DATABASE_URL")));
        // One marker: the old TEAMAI_REMOTE_COMMAND_ID is not set by the product any more.
        QCOMPARE(spec.environment.value(QStringLiteral("TEAMAI_REMOTE_COMMAND_ID")), QStringLiteral("stale"));
        QVERIFY(QDir::isAbsolutePath(spec.program));
    }

    void refusedCommandsNeverReachTheExecutor()
    {
        for (const QString &cmd : {QStringLiteral("teamai init --http http://127.0.0.1:1 --token x"), QStringLiteral("teamai sync"),
                                   QStringLiteral("teamai worker --cwd /"), QStringLiteral("teamai uninstall --purge")}) {
            const CommandResult result = handle(5, cmd);
            QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
            QCOMPARE(result.reason, QStringLiteral("allowlist"));
            QVERIFY2(result.error.startsWith(QStringLiteral("Rejected cmd: ")), qPrintable(result.error));
        }
        QVERIFY(executor.runs.isEmpty() && executor.started.isEmpty());
    }

    void noPushedCommandInsideAPushedCommand()
    {
        qputenv("TEAMAI_PUSHED_COMMAND", "12");
        const CommandResult result = handle(13, QStringLiteral("teamai --version"));
        QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
        QCOMPARE(result.reason, QStringLiteral("recursion"));
        QCOMPARE(result.error, QStringLiteral("Rejected cmd: refused inside a pushed command (TEAMAI_PUSHED_COMMAND is set): "
                                              "a pushed command never runs another one"));
        QVERIFY(executor.runs.isEmpty() && executor.started.isEmpty());
        // Even an empty marker counts.
        qputenv("TEAMAI_PUSHED_COMMAND", "");
        QVERIFY(pushedmarker::isInsidePushedCommand());
        QCOMPARE(handle(14, QStringLiteral("teamai --version")).outcome, CommandResult::Outcome::Rejected);
        QVERIFY(executor.runs.isEmpty() && executor.started.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRestrictedCommandHandler)
#include "tst_restrictedcommandhandler.moc"
