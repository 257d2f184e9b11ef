#include "sync/SyncSession.h"

#include "commands/StoredCommand.h"
#include "binding/Bindings.h"
#include "binding/ReportWorkspaces.h"
#include "config/AgentConfig.h"
#include "exec/TerminationSignals.h"
#include "identity/AgentIdentity.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "store/CommandLedger.h"
#include "sync/CommandContext.h"
#include "sync/CommandDispatcher.h"
#include "sync/Payloads.h"
#include "sync/RunRecordOf.h"
#include "tools/ToolTable.h"
#include "util/Clock.h"
#include "util/TextCap.h"

#include <QJsonDocument>
#include <QSet>

#include <algorithm>

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

SyncSession::SyncSession(BackendClient &client, CommandDispatcher &dispatcher, const AgentConfig &config, CommandLedger &ledger,
                         const Clock &clock)
    : m_client(client)
    , m_dispatcher(dispatcher)
    , m_config(config)
    , m_ledger(ledger)
    , m_clock(clock)
{
}

bool SyncSession::budgetLeft(const SyncOptions &options) const
{
    return options.deadline.isForever() || m_clock.remainingMs(options.deadline) > options.ackReserveMs;
}

QDeadlineTimer SyncSession::admissionDeadline(const SyncOptions &options) const
{
    // What is left of the budget on this round's clock, less the time kept for the acks.
    if (options.deadline.isForever())
        return options.deadline;
    return QDeadlineTimer(std::max<qint64>(0, m_clock.remainingMs(options.deadline) - options.ackReserveMs));
}

SyncSummary SyncSession::run(const SyncOptions &options)
{
    return run(options, reportworkspaces::workspaceOf(options.cwd));
}

SyncSummary SyncSession::run(const SyncOptions &options, const QString &workspace)
{
    m_batchEnded = false;
    SyncSummary summary;
    summary.startedAt = m_clock.nowUtc();
    const qint64 startedMs = m_clock.steadyMs();
    m_client.setDeadline(options.deadline);
    const ToolInfo &tool = options.tool ? *options.tool : defaultTool();
    m_agentType = tool.name;
    m_localAgentId = identity::localAgentId(tool);
    const QJsonArray workspaces = reportworkspaces::selectAround(tool, m_config, workspace);

    // Acks owed from earlier rounds go first, oldest first, so the backend hears about results
    // before it is asked for more work.
    flushOutbox(options, summary);

    if (options.skipReport) {
        summary.reportSkipped = true;
    } else {
        const BackendReply reply = m_client.post(Route::Report, payloads::reportFor(tool, m_config, options.status, summary.startedAt, workspaces));
        summary.reportOk = reply.ok;
        summary.reportError = reply.error;
        if (!reply.ok)
            qCWarning(lcSync).noquote() << "report failed:" << reply.error;  // the sync still happens
    }

    const QList<QJsonObject> received = receive(tool, options, workspaces, summary);
    bool stopped = false;
    QSet<qint64> seen;
    handleReceived(received, options, summary, stopped, seen);
    if (options.drainLedger && !stopped)
        drainLedger(options, summary, stopped, seen);
    summary.outboxLeft = m_ledger.outboxSize().valueOr(0);
    if (summary.deferred > 0)
        qCInfo(lcSync) << summary.deferred << "command(s) left pending for a later run";
    if (summary.notAdmitted > 0)
        qCInfo(lcSync) << summary.notAdmitted << "command(s) not stored for lack of time; the backend sends them again";
    summary.elapsedMs = m_clock.steadyMs() - startedMs;
    return summary;
}

QList<QJsonObject> SyncSession::receive(const ToolInfo &tool, const SyncOptions &options, const QJsonArray &workspaces,
                                        SyncSummary &summary)
{
    // Compared with the times the ledger stamps its acks with (the system's wall clock), so read
    // from the same clock rather than this round's.
    m_syncSentAtMs = QDateTime::currentMSecsSinceEpoch();
    const BackendReply syncReply = m_client.post(Route::Sync, payloads::syncFor(tool, options.status, workspaces));
    if (!syncReply.ok) {
        summary.syncError = syncReply.error;
        summary.syncTimedOut = syncReply.timedOut;
        summary.syncHttpStatus = syncReply.httpStatus;
        qCWarning(lcSync).noquote() << "sync failed:" << syncReply.error;
        return {};
    }
    const SyncCommands commands = BackendClient::commandsFrom(syncReply.body);
    if (!commands.error.isEmpty()) {
        summary.syncError = commands.error;
        qCWarning(lcSync).noquote() << commands.error << "- nothing from it is run";
        return {};
    }
    summary.syncOk = true;
    // Most rounds receive nothing: keep those out of the log (and the log file closed).
    if (commands.commands.isEmpty())
        qCDebug(lcSync) << "sync received no command for" << tool.name;
    else
        qCInfo(lcSync) << "sync received" << commands.commands.size() << "command(s) for" << tool.name;
    return commands.commands;
}

void SyncSession::handleReceived(const QList<QJsonObject> &received, const SyncOptions &options, SyncSummary &summary,
                                 bool &stopped, QSet<qint64> &seen)
{
    QList<Command> commands;
    commands.reserve(received.size());
    for (const QJsonObject &object : received) {
        Command command = Command::fromJson(object);
        if (command.id) {
            seen.insert(*command.id);
            commands.append(std::move(command));
            continue;
        }
        CommandOutcome outcome;
        outcome.command = command;
        outcome.result = CommandResult::skipped(QStringLiteral("malformed: no integer id, cannot be acknowledged"));
        qCWarning(lcCommands) << "malformed command without an integer id skipped; type:"
                              << textcap::capToken(command.type);
        summary.outcomes.append(outcome);
    }
    // Stored before anything else happens to them, in a few transactions; under a budget, what
    // is not stored by then is left to the backend to send again (to the worker, usually).
    const QDeadlineTimer admitBy = admissionDeadline(options);
    const CommandLedger::Admissions admissions = m_ledger.admitAll(commands, m_agentType, m_localAgentId, admitBy);
    const QList<CommandLedger::Admitted> &admitted = admissions.admitted;
    for (qsizetype i = 0; i < admitted.size(); ++i)
        handle(commands.at(i), admitted.at(i), options, summary, stopped);
    if (admitted.size() < commands.size()) {
        summary.notAdmitted = int(commands.size() - admitted.size());
        if (!admitBy.hasExpired())
            summary.ledgerError = admissions.stopped.error();
        stopped = true;  // the rest keeps its order: nothing stored later than it runs before it
    }
}

void SyncSession::drainLedger(const SyncOptions &options, SyncSummary &summary, bool &stopped, const QSet<qint64> &seen)
{
    // Page through the pending rows in storage order (oldest first), each page after the last.
    qint64 after = 0;
    for (;;) {
        const QList<LedgerCommand> page = m_ledger.pendingCommands(m_agentType, 1000, after);
        if (page.isEmpty() || stopped)
            return;
        for (const LedgerCommand &row : page) {
            after = row.rowId;
            if (seen.contains(row.commandId))
                continue;
            const QJsonObject stored = QJsonDocument::fromJson(row.rawJson.toUtf8()).object();
            // Kept without its API keys: it runs only as the backend sends it again.
            if (storedcommand::secretsRemoved(stored))
                continue;
            CommandLedger::Admitted admitted;
            admitted.admission = CommandLedger::Admission::Pending;
            admitted.row = row;
            handle(Command::fromJson(stored), admitted, options, summary, stopped);
        }
    }
}

void SyncSession::flushOutbox(const SyncOptions &options, SyncSummary &summary)
{
    for (const OutboxAck &listed : m_ledger.dueAcks(options.respectAckBackoff)) {
        if (!budgetLeft(options))
            break;
        // Another process may have delivered it since the list was read, or have just stored it
        // and be sending it now: sending it too would make a duplicate (issue 16 item 8).
        const std::optional<OutboxAck> ack = m_ledger.undeliveredAck(listed.ackId);
        if (!ack || m_ledger.ackBeingDeliveredElsewhere(ack->ackId))
            continue;
        CommandOutcome attempt;
        if (!deliver(*ack, &attempt)) {
            ++summary.outboxFailed;
            summary.outboxError = attempt.ackError;
            break;  // the backend is not taking acks now: keep the order for next time
        }
        ++summary.acksResent;
    }
}

void SyncSession::ackAgain(const LedgerCommand &admittedRow, CommandOutcome &outcome, const SyncOptions &options)
{
    // Never run twice; the backend did not get (or lost) our ack, so say it again.
    const LedgerCommand row = m_ledger.command(admittedRow.rowId).value_or(admittedRow);
    outcome.result.outcome = row.state == CommandState::Succeeded ? CommandResult::Outcome::Succeeded
        : row.state == CommandState::Skipped                      ? CommandResult::Outcome::Skipped
        : row.state == CommandState::Rejected                     ? CommandResult::Outcome::Rejected
                                                                  : CommandResult::Outcome::Failed;
    outcome.result.error = row.error;
    outcome.result.version = row.version;
    outcome.result.detail = QStringLiteral("already %1 earlier; not run again").arg(stateName(row.state));
    if (row.state == CommandState::Skipped || !budgetLeft(options))
        return;
    if (ackedConcurrently(row.rowId)) {
        outcome.result.detail = QStringLiteral("%1 in another agent process during this sync, which acknowledges it; not run again")
                                    .arg(stateName(row.state));
        return;
    }
    if (const std::optional<OutboxAck> ack = m_ledger.requeueAck(row.rowId))
        deliver(*ack, &outcome);
}

bool SyncSession::ackedConcurrently(qint64 rowId)
{
    // The backend resends a command until it has our ack. That is evidence of a lost ack only
    // if the ack reached the backend before this round asked. Another process (the hook's
    // worker) that finished the command meanwhile delivers its own ack right after storing it:
    // a second one from us would be a duplicate. An ack whose delivery failed, or whose process
    // is gone, is sent again, as before.
    const auto ack = m_ledger.latestAck(rowId);
    if (!ack)
        return false;
    const auto deliveredThisRound = [this](const CommandLedger::AckTimes &times) {
        return times.deliveredAtMs && *times.deliveredAtMs >= m_syncSentAtMs;
    };
    if (ack->deliveredAtMs)
        return deliveredThisRound(*ack);
    if (m_ledger.ackBeingDeliveredElsewhere(ack->ackId))
        return true;
    // Its process may have recorded the delivery between the two looks.
    const auto now = m_ledger.latestAck(rowId);
    return now && deliveredThisRound(*now);
}

void SyncSession::handle(const Command &command, const CommandLedger::Admitted &admitted, const SyncOptions &options,
                         SyncSummary &summary, bool &stopped)
{
    CommandOutcome outcome;
    outcome.command = command;
    switch (admitted.admission) {
    case CommandLedger::Admission::Error:
        summary.ledgerError = admitted.error;
        outcome.result = CommandResult::skipped(QStringLiteral("not run: the ledger is unavailable (%1)").arg(admitted.error));
        summary.outcomes.append(outcome);
        return;
    case CommandLedger::Admission::Running:
        outcome.result = CommandResult::skipped(QStringLiteral("already running in another agent process"));
        summary.outcomes.append(outcome);
        return;
    case CommandLedger::Admission::Finished:
        ackAgain(admitted.row, outcome, options);
        summary.outcomes.append(outcome);
        return;
    case CommandLedger::Admission::New:
    case CommandLedger::Admission::Pending:
        break;
    }

    const qint64 oversized = admitted.oversizedBytes;
    const bool refuse = oversized > 0 || CommandLedger::isOversizedStub(command);
    const CommandRoute route = routeCommand(command);
    const bool slowInForeground = !refuse && options.foreground && route.handler == CommandRoute::Handler::RestrictedCmd;
    // After SIGTERM/SIGINT/SIGHUP the agent records what ran and exits: nothing new starts.
    if (stopped || !budgetLeft(options) || slowInForeground || exec::TerminationSignals::received()) {
        ++summary.deferred;
        // Batch order: what comes after a deferred command waits behind it (the worker or a later
        // round runs them in order). After a successful uninstall_teamai the rest is not kept at
        // all: it runs only if the backend sends it again (SPEC §4).
        if (m_batchEnded)
            m_ledger.forgetPending(admitted.row.rowId);
        stopped = true;
        return;
    }
    if (!m_ledger.claim(admitted.row.rowId, ProcessIdentity::current())) {
        outcome.result = CommandResult::skipped(QStringLiteral("claimed by another agent process"));
        summary.outcomes.append(outcome);
        return;
    }
    if (refuse) {
        // Too large to store, so too large to run: refused by id and type, nothing ran.
        outcome.ran = true;
        outcome.result = CommandResult::rejected(QStringLiteral("Command too large: %1 bytes of JSON (the limit is %2); not run")
                                                     .arg(oversized > 0 ? QString::number(oversized) : QStringLiteral("more than %1").arg(textcap::kMaxRawCommandBytes))
                                                     .arg(textcap::kMaxRawCommandBytes));
        qCWarning(lcCommands).noquote() << "command" << *command.id << "refused:" << outcome.result.error;
        record(admitted.row.rowId, std::move(outcome), summary, stopped);
        return;
    }
    runClaimed(admitted.row, command, options, summary, stopped);
}

void SyncSession::runClaimed(const LedgerCommand &row, const Command &command, const SyncOptions &options,
                             SyncSummary &summary, bool &stopped)
{
    // A termination signal from here on stops the child, and the result is still recorded and
    // acked before the process exits (see TerminationSignals).
    const exec::TerminationSignals::Guard recordBeforeExit;
    CommandOutcome outcome;
    outcome.command = command;
    outcome.ran = true;
    const qint64 rowId = row.rowId;
    CommandContext context;
    context.tool = findTool(m_agentType);
    context.cwd = options.cwd;
    context.event = options.event;
    context.deadline = options.deadline;
    // Skip markers (`bind-project --skip`) are not bindings: no project resources go there.
    context.boundWorkspaces = binding::bindings::boundWorkspaces(m_config.toJson().value(QStringLiteral("workspaceBindings")).toObject());
    context.onChildStarted = [this, rowId](qint64 pid) { m_ledger.setChildPid(rowId, pid); };

    outcome.result = m_dispatcher.dispatch(command, context);
    if (outcome.result.outcome == CommandResult::Outcome::Deferred) {
        m_ledger.release(rowId);
        ++summary.deferred;
        stopped = true;  // the rest of the batch waits behind it
        qCInfo(lcCommands).noquote() << "command" << *command.id << "deferred:" << outcome.result.detail;
        return;
    }
    qCInfo(lcCommands).noquote() << "command" << *command.id << textcap::capToken(command.type) << "->"
                                 << outcomeName(outcome.result.outcome) << textcap::capUtf8(outcome.result.detail, textcap::kMaxErrorBytes);
    record(rowId, std::move(outcome), summary, stopped);
}

void SyncSession::record(qint64 rowId, CommandOutcome outcome, SyncSummary &summary, bool &stopped)
{
    const Command &command = outcome.command;
    // What is stored and echoed of backend-supplied text is capped (docs/security.md).
    outcome.result.error = textcap::capUtf8(outcome.result.error, textcap::kMaxErrorBytes);
    outcome.result.detail = textcap::capUtf8(outcome.result.detail, textcap::kMaxErrorBytes);
    outcome.result.ackNote = textcap::capUtf8(outcome.result.ackNote, textcap::kMaxErrorBytes);
    outcome.result.version = textcap::capUtf8(outcome.result.version, textcap::kMaxTypeBytes);
    const QString type = textcap::capUtf8(command.type, textcap::kMaxTypeBytes);

    CommandCompletion completion;
    completion.state = stateOf(outcome.result);
    completion.delivery = deliveryOf(outcome.result);
    completion.reason = outcome.result.reason;
    completion.error = outcome.result.error;
    completion.version = outcome.result.version;
    completion.detail = outcome.result.detail;
    if (outcome.result.exec)
        completion.run = runRecordOf(*outcome.result.exec);
    if (outcome.result.needsAck())
        completion.ackPayload = payloads::ack(*command.id, type, outcome.result.success(), outcome.result.error, outcome.result.version,
                                              outcome.result.ackNote);
    const Result<std::optional<OutboxAck>> stored = m_ledger.complete(rowId, completion);
    const std::optional<OutboxAck> ack = stored.valueOr(std::nullopt);
    if (!ack && outcome.result.needsAck())
        summary.ledgerError = stored.error();
    if (ack)
        deliver(*ack, &outcome);
    if (outcome.result.stopBatch) {
        stopped = true;
        m_batchEnded = true;
    }
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
