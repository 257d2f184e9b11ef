#include "app/SyncWorker.h"

#include "config/TokenSource.h"
#include "store/CommandLedger.h"
#include "sync/ExecutionMonitor.h"
#include "sync/SyncEngine.h"
#include "tools/ToolTable.h"

#include <QCoreApplication>
#include <QDir>
#include <QMutexLocker>
#include <QThread>

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

SyncWorker::SyncWorker(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<teamai::ui::SyncRoundResult>();
}

SyncWorker::~SyncWorker() = default;

bool SyncWorker::cancelRunning()
{
    QMutexLocker lock(&m_engineMutex);
    return m_engine && m_engine->cancelRunning();
}

bool SyncWorker::ensureEngine(QString *error)
{
    if (m_engine)
        return true;
    std::unique_ptr<SyncEngine> engine = SyncEngine::create(error);
    if (!engine)
        return false;
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
    return true;
}

qint64 SyncWorker::runningCommandId(qint64 childPid)
{
    // The session records the child's pid before the observer hears of it; this process is the
    // runner of at most one command at a time.
    HistoryFilter filter;
    filter.state = stateName(CommandState::Running);
    filter.agentType = m_currentAgent;
    const QList<LedgerCommand> running = m_engine->ledger().history(filter);
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

void SyncWorker::dropEngineIfTokenChanged()
{
    if (!m_engine)
        return;
    quint64 generation = 0;
    TokenSource::current(m_engine->endpoint(), &generation);
    if (generation != m_engine->tokenGeneration()) {
        QMutexLocker lock(&m_engineMutex);
        m_engine.reset();  // the token changed (saved here or by another process): build anew
    }
}

void SyncWorker::runRound(const QStringList &agents, const QString &reason)
{
    if (m_inRound) {
        m_roundAfter = std::make_pair(agents, reason);  // delivered inside a round's event loop
        return;
    }
    m_inRound = true;
    emit roundStarted(reason);
    SyncRoundResult round;
    QString error;
    dropEngineIfTokenChanged();
    if (!ensureEngine(&error)) {
        round.notConfigured = true;
        round.problem = SyncProblem::NotConfigured;
        round.message = error;
        round.finishedAt = QDateTime::currentDateTimeUtc();
        m_inRound = false;
        emit roundFinished(round);
        afterRound();
        return;
    }
    round.ok = true;
    for (const QString &agent : agents) {
        const ToolInfo *tool = findTool(agent);
        if (!tool)
            continue;
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
    m_currentAgent.clear();
    round.finishedAt = QDateTime::currentDateTimeUtc();
    m_inRound = false;
    emit roundFinished(round);
    afterRound();
}

void SyncWorker::afterRound()
{
    if (std::exchange(m_shutdownAfter, false)) {
        m_roundAfter.reset();
        shutdown();
        return;
    }
    if (std::exchange(m_reloadAfter, false))
        reload();
    if (m_roundAfter) {
        const auto [agents, reason] = *std::exchange(m_roundAfter, std::nullopt);
        QMetaObject::invokeMethod(this, [this, agents, reason] { runRound(agents, reason); }, Qt::QueuedConnection);
    }
}

void SyncWorker::reload()
{
    if (m_inRound) {
        m_reloadAfter = true;
        return;
    }
    QMutexLocker lock(&m_engineMutex);
    m_engine.reset();
}

void SyncWorker::shutdown()
{
    if (m_inRound) {
        m_shutdownAfter = true;
        return;
    }
    {
        QMutexLocker lock(&m_engineMutex);
        m_engine.reset();
    }
    QThread::currentThread()->quit();
}

} // namespace teamai::ui
