#include "syncthread/SyncRoundRunner.h"

#include "config/TokenSource.h"
#include "store/CommandLedger.h"
#include "sync/ExecutionMonitor.h"
#include "sync/SyncEngine.h"
#include "tools/ToolTable.h"

#include <QCoreApplication>
#include <QDir>
#include <QMutexLocker>

namespace teamai::ui {
namespace {

SyncProblem problemOf(const SyncSummary &summary)
{
    if (summary.syncOk)
        return SyncProblem::Failed;  // synced, but an ack or the ledger failed
    if (summary.syncHttpStatus == 401 || summary.syncHttpStatus == 403)
        return SyncProblem::TokenRejected;
    if (summary.syncHttpStatus == 0 && summary.ledgerError.isEmpty())
        return SyncProblem::Unreachable;
    return SyncProblem::Failed;
}

} // namespace

SyncRoundRunner::SyncRoundRunner() = default;

SyncRoundRunner::~SyncRoundRunner()
{
    dropEngine();
}

bool SyncRoundRunner::cancelRunning()
{
    QMutexLocker lock(&m_engineMutex);
    return m_engine && m_engine->cancelRunning();
}

Status SyncRoundRunner::ensureEngine()
{
    if (m_engine)
        return {};
    Result<std::unique_ptr<SyncEngine>> created = SyncEngine::create();
    if (!created)
        return Error{created.error()};
    std::unique_ptr<SyncEngine> engine = std::move(*created);
    // The owner token is the tool name, not the command: the ledger says which command it is.
    ExecutionObserver observer;
    observer.started = [this](const QString &, qint64 pid) {
        m_runningCommand = runningCommandId(pid);
        emit commandStarted(m_currentAgent, m_runningCommand, pid);
    };
    observer.finished = [this](const QString &, const exec::ExecResult &) {
        emit commandFinished(m_currentAgent, std::exchange(m_runningCommand, 0));
    };
    engine->setExecutionObserver(std::move(observer));
    QMutexLocker lock(&m_engineMutex);
    m_engine = std::move(engine);
    return {};
}

qint64 SyncRoundRunner::runningCommandId(qint64 childPid)
{
    // The session records the child's pid before the observer hears of it; this process is the
    // runner of at most one command at a time.
    HistoryFilter filter;
    filter.state = stateName(CommandState::Running);
    filter.agentType = m_currentAgent;
    const QList<LedgerCommand> running = m_engine->ledger().history(filter).valueOr({});
    const qint64 self = QCoreApplication::applicationPid();
    qint64 ours = 0;
    for (const LedgerCommand &command : running) {
        if (command.runnerPid != self)
            continue;
        if (command.childPid == childPid)
            return command.commandId;
        ours = ours ? ours : command.commandId;
    }
    return ours;
}

void SyncRoundRunner::dropEngine()
{
    QMutexLocker lock(&m_engineMutex);
    m_engine.reset();
}

void SyncRoundRunner::dropEngineIfTokenChanged()
{
    if (!m_engine)
        return;
    quint64 generation = 0;
    TokenSource::current(m_engine->endpoint(), &generation);
    if (generation != m_engine->tokenGeneration())
        dropEngine();  // the token changed (saved here or by another process): build anew
}

void SyncRoundRunner::runRound(const QStringList &agents, const QString &reason)
{
    emit roundStarted(reason);
    SyncRoundResult round;
    dropEngineIfTokenChanged();
    if (const Status engine = ensureEngine(); !engine) {
        round.notConfigured = true;
        round.problem = SyncProblem::NotConfigured;
        round.message = engine.error();
    } else {
        round.ok = true;
        for (const QString &agent : agents)
            syncAgent(agent, round);
        m_currentAgent.clear();
    }
    round.finishedAt = QDateTime::currentDateTimeUtc();
    emit roundFinished(round);
    emit jobDone();
}

void SyncRoundRunner::syncAgent(const QString &agent, SyncRoundResult &round)
{
    const ToolInfo *tool = findTool(agent);
    if (!tool)
        return;
    m_currentAgent = tool->name;
    SyncOptions options;
    options.tool = tool;
    options.cwd = QDir::homePath();
    options.drainLedger = true;  // like `teamai sync`: also run what hooks left pending
    const SyncSummary summary = m_engine->runOnce(options);
    const bool ok = summary.syncOk && summary.allAcksDelivered();
    if (!ok && round.ok) {
        round.ok = false;
        round.problem = problemOf(summary);
        if (round.problem == SyncProblem::TokenRejected)
            TokenSource::invalidate();  // it may have been replaced meanwhile: read it again
        round.message = !summary.syncError.isEmpty() ? summary.syncError
            : !summary.ledgerError.isEmpty()         ? summary.ledgerError
                                                     : QStringLiteral("some acknowledgements were not delivered");
    }
    for (const CommandOutcome &outcome : summary.outcomes) {
        if (!outcome.ran || !outcome.command.id)
            continue;
        RanCommand ran;
        ran.agentType = tool->name;
        ran.commandId = *outcome.command.id;
        ran.type = outcome.command.type;
        ran.succeeded = outcome.result.success();
        ran.error = outcome.result.error;
        round.ran.append(ran);
    }
}

void SyncRoundRunner::reload()
{
    dropEngine();
    emit jobDone();
}

} // namespace teamai::ui
