#include "sync/SyncSession.h"

#include "config/AgentConfig.h"
#include "identity/AgentIdentity.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "store/CommandLedger.h"
#include "sync/CommandContext.h"
#include "sync/CommandDispatcher.h"
#include "sync/Payloads.h"
#include "tools/ToolTable.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSet>

namespace teamai {
namespace {

CommandState stateOf(const CommandResult &result)
{
    switch (result.outcome) {
    case CommandResult::Outcome::Succeeded: return CommandState::Succeeded;
    case CommandResult::Outcome::Failed: return CommandState::Failed;
    case CommandResult::Outcome::Rejected: return CommandState::Rejected;
    case CommandResult::Outcome::Skipped: return CommandState::Skipped;
    case CommandResult::Outcome::Deferred: return CommandState::Pending;
    }
    return CommandState::Failed;
}

// SPEC §7: `delivered` means it ran. A failure before anything ran (unsupported type, bad slug,
// refused download) changed nothing on this machine.
Delivery deliveryOf(const CommandResult &result)
{
    if (result.outcome == CommandResult::Outcome::Succeeded || result.exec)
        return Delivery::Delivered;
    return Delivery::NotDelivered;
}

} // namespace

bool SyncSummary::allAcksDelivered() const
{
    for (const CommandOutcome &outcome : outcomes) {
        if (outcome.ackSent && !outcome.ackDelivered)
            return false;
    }
    return outboxFailed == 0;
}

QStringList SyncSummary::problems() const
{
    QStringList found;
    if (!ledgerError.isEmpty())
        found << QStringLiteral("the ledger could not be used: %1").arg(ledgerError);
    if (!syncOk)
        found << QStringLiteral("sync failed: %1").arg(syncError);
    if (outboxFailed > 0)
        found << QStringLiteral("a queued acknowledgement could not be re-sent: %1").arg(outboxError);
    for (const CommandOutcome &outcome : outcomes) {
        if (outcome.ackSent && !outcome.ackDelivered)
            found << QStringLiteral("the acknowledgement of command %1 was not delivered: %2")
                         .arg(outcome.command.id.value_or(-1))
                         .arg(outcome.ackError);
    }
    return found;
}

SyncSession::SyncSession(BackendClient &client, CommandDispatcher &dispatcher, const AgentConfig &config, CommandLedger &ledger)
    : m_client(client)
    , m_dispatcher(dispatcher)
    , m_config(config)
    , m_ledger(ledger)
{
}

bool SyncSession::budgetLeft(const SyncOptions &options) const
{
    return options.deadline.isForever() || options.deadline.remainingTime() > options.ackReserveMs;
}

SyncSummary SyncSession::run(const SyncOptions &options)
{
    SyncSummary summary;
    summary.startedAt = QDateTime::currentDateTimeUtc();
    QElapsedTimer timer;
    timer.start();
    m_client.setDeadline(options.deadline);
    const ToolInfo &tool = options.tool ? *options.tool : defaultTool();
    m_agentType = tool.name;
    m_localAgentId = identity::localAgentId(tool);

    // Acks owed from earlier rounds go first, oldest first, so the backend hears about results
    // before it is asked for more work.
    flushOutbox(options, summary);

    if (options.skipReport) {
        summary.reportSkipped = true;
    } else {
        const BackendReply reply = m_client.post(Route::Report, payloads::report(tool, m_config, options.status, summary.startedAt, options.cwd));
        summary.reportOk = reply.ok;
        summary.reportError = reply.error;
        if (!reply.ok)
            qCWarning(lcSync).noquote() << "report failed:" << reply.error;  // the sync still happens
    }

    const BackendReply syncReply = m_client.post(Route::Sync, payloads::sync(tool, m_config, options.status, options.cwd));
    QList<QJsonObject> received;
    if (!syncReply.ok) {
        summary.syncError = syncReply.error;
        summary.syncTimedOut = syncReply.timedOut;
        qCWarning(lcSync).noquote() << "sync failed:" << syncReply.error;
    } else {
        const SyncCommands commands = BackendClient::commandsFrom(syncReply.body);
        if (!commands.error.isEmpty()) {
            summary.syncError = commands.error;
            qCWarning(lcSync).noquote() << commands.error << "- nothing from it is run";
        } else {
            summary.syncOk = true;
            received = commands.commands;
            // Most rounds receive nothing: keep those out of the log (and the log file closed).
            if (received.isEmpty())
                qCDebug(lcSync) << "sync received no command for" << tool.name;
            else
                qCInfo(lcSync) << "sync received" << received.size() << "command(s) for" << tool.name;
        }
    }

    bool stopped = false;
    QSet<qint64> seen;
    for (const QJsonObject &object : received) {
        const Command command = Command::fromJson(object);
        if (command.id)
            seen.insert(*command.id);
        handle(command, options, summary, stopped);
    }
    if (options.drainLedger && !stopped) {
        for (const LedgerCommand &row : m_ledger.pendingCommands(m_agentType)) {
            if (seen.contains(row.commandId))
                continue;
            handle(Command::fromJson(QJsonDocument::fromJson(row.rawJson.toUtf8()).object()), options, summary, stopped);
        }
    }
    summary.outboxLeft = m_ledger.outboxSize();
    if (summary.deferred > 0)
        qCInfo(lcSync) << summary.deferred << "command(s) left pending for a later run";
    summary.elapsedMs = timer.elapsed();
    return summary;
}

void SyncSession::flushOutbox(const SyncOptions &options, SyncSummary &summary)
{
    for (const OutboxAck &ack : m_ledger.dueAcks(options.respectAckBackoff)) {
        if (!budgetLeft(options))
            break;
        CommandOutcome attempt;
        if (!deliver(ack, &attempt)) {
            ++summary.outboxFailed;
            summary.outboxError = attempt.ackError;
            break;  // the backend is not taking acks now: keep the order for next time
        }
        ++summary.acksResent;
    }
}

void SyncSession::handle(const Command &command, const SyncOptions &options, SyncSummary &summary, bool &stopped)
{
    CommandOutcome outcome;
    outcome.command = command;
    if (!command.id) {
        outcome.result = CommandResult::skipped(QStringLiteral("malformed: no integer id, cannot be acknowledged"));
        qCWarning(lcCommands) << "malformed command without an integer id skipped; type:" << command.type;
        summary.outcomes.append(outcome);
        return;
    }

    // Stored before anything else happens to it.
    const CommandLedger::Admitted admitted = m_ledger.admit(command, m_agentType, m_localAgentId);
    switch (admitted.admission) {
    case CommandLedger::Admission::Error:
        summary.ledgerError = m_ledger.lastError();
        outcome.result = CommandResult::skipped(QStringLiteral("not run: the ledger is unavailable (%1)").arg(m_ledger.lastError()));
        summary.outcomes.append(outcome);
        return;
    case CommandLedger::Admission::Running:
        outcome.result = CommandResult::skipped(QStringLiteral("already running in another agent process"));
        summary.outcomes.append(outcome);
        return;
    case CommandLedger::Admission::Finished: {
        // Never run twice; the backend did not get (or lost) our ack, so say it again.
        const LedgerCommand &row = admitted.row;
        outcome.result.outcome = row.state == CommandState::Succeeded ? CommandResult::Outcome::Succeeded
            : row.state == CommandState::Skipped                      ? CommandResult::Outcome::Skipped
            : row.state == CommandState::Rejected                     ? CommandResult::Outcome::Rejected
                                                                      : CommandResult::Outcome::Failed;
        outcome.result.error = row.error;
        outcome.result.version = row.version;
        outcome.result.detail = QStringLiteral("already %1 earlier; not run again").arg(stateName(row.state));
        if (row.state != CommandState::Skipped && budgetLeft(options)) {
            const qint64 ackId = m_ledger.requeueAck(row.rowId);
            for (const OutboxAck &ack : m_ledger.dueAcks(false)) {
                if (ack.ackId == ackId) {
                    deliver(ack, &outcome);
                    break;
                }
            }
        }
        summary.outcomes.append(outcome);
        return;
    }
    case CommandLedger::Admission::New:
    case CommandLedger::Admission::Pending:
        break;
    }

    const CommandRoute route = routeCommand(command);
    const bool slowInForeground = options.foreground && route.handler == CommandRoute::Handler::RestrictedCmd;
    if (stopped || !budgetLeft(options) || slowInForeground) {
        ++summary.deferred;  // stays pending: a later round or the worker runs it
        return;
    }
    if (!m_ledger.claim(admitted.row.rowId, ProcessIdentity::current())) {
        outcome.result = CommandResult::skipped(QStringLiteral("claimed by another agent process"));
        summary.outcomes.append(outcome);
        return;
    }
    runClaimed(admitted.row, command, options, summary, stopped);
}

void SyncSession::runClaimed(const LedgerCommand &row, const Command &command, const SyncOptions &options,
                             SyncSummary &summary, bool &stopped)
{
    CommandOutcome outcome;
    outcome.command = command;
    outcome.ran = true;
    const qint64 rowId = row.rowId;
    CommandContext context;
    context.tool = findTool(m_agentType);
    context.cwd = options.cwd;
    context.event = options.event;
    context.deadline = options.deadline;
    for (const AgentConfig::WorkspaceBinding &binding : m_config.workspaceBindings())
        context.boundWorkspaces.append(binding.path);
    context.onChildStarted = [this, rowId](qint64 pid) { m_ledger.setChildPid(rowId, pid); };

    outcome.result = m_dispatcher.dispatch(command, context);
    if (outcome.result.outcome == CommandResult::Outcome::Deferred) {
        m_ledger.release(rowId);
        ++summary.deferred;
        qCInfo(lcCommands).noquote() << "command" << *command.id << "deferred:" << outcome.result.detail;
        return;
    }
    qCInfo(lcCommands).noquote() << "command" << *command.id << command.type << "->" << outcomeName(outcome.result.outcome)
                                 << outcome.result.detail;

    CommandCompletion completion;
    completion.state = stateOf(outcome.result);
    completion.delivery = deliveryOf(outcome.result);
    completion.reason = outcome.result.reason;
    completion.error = outcome.result.error;
    completion.version = outcome.result.version;
    completion.detail = outcome.result.detail;
    completion.exec = outcome.result.exec;
    if (outcome.result.needsAck())
        completion.ackPayload = payloads::ack(*command.id, command.type, outcome.result.success(), outcome.result.error, outcome.result.version);
    const qint64 ackId = m_ledger.complete(rowId, completion);
    if (ackId == 0 && outcome.result.needsAck())
        summary.ledgerError = m_ledger.lastError();

    if (ackId) {
        OutboxAck ack;
        ack.ackId = ackId;
        ack.commandRow = rowId;
        ack.commandId = *command.id;
        ack.agentType = m_agentType;
        ack.type = command.type;
        ack.commandState = stateName(completion.state);
        ack.payload = completion.ackPayload;
        deliver(ack, &outcome);
    }
    stopped = outcome.result.stopBatch;
    summary.outcomes.append(std::move(outcome));
}

bool SyncSession::deliver(const OutboxAck &ack, CommandOutcome *outcome)
{
    const BackendReply reply = m_client.post(Route::Ack, ack.payload);
    const bool delivered = reply.httpStatus >= 200 && reply.httpStatus < 300;
    m_ledger.recordAckAttempt(ack, reply.httpStatus, delivered ? QString() : reply.error, delivered);
    if (!delivered)
        qCWarning(lcSync).noquote() << "ack of command" << ack.commandId << "not delivered:" << reply.error << "(kept in the outbox)";
    if (outcome) {
        outcome->ackSent = true;
        outcome->ackDelivered = delivered;
        outcome->ackHttpStatus = reply.httpStatus;
        outcome->ackError = delivered ? QString() : reply.error;
    }
    return delivered;
}

} // namespace teamai
