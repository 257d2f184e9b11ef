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

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <utility>

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

// Commands decided without running anything, stored in one transaction (docs/delivery.md,
// "Settled in batches"): 100 cost one commit and one fsync instead of a hundred of each.
constexpr int kSettleBatch = 100;
// The attempts of a batch's acks are recorded together, at the latest after this long.
constexpr qint64 kRecordAttemptsAfterMs = 1000;

// What is stored and echoed of backend-supplied text is capped (docs/security.md).
void capTexts(CommandResult &result)
{
    result.error = textcap::capUtf8(result.error, textcap::kMaxErrorBytes);
    result.detail = textcap::capUtf8(result.detail, textcap::kMaxErrorBytes);
    result.ackNote = textcap::capUtf8(result.ackNote, textcap::kMaxErrorBytes);
    result.version = textcap::capUtf8(result.version, textcap::kMaxTypeBytes);
}

// The ledger's record of @p outcome (texts capped already) and the ack it owes.
CommandCompletion completionOf(const CommandOutcome &outcome)
{
    const CommandResult &result = outcome.result;
    CommandCompletion completion;
    completion.state = stateOf(result);
    completion.delivery = deliveryOf(result);
    completion.reason = result.reason;
    completion.error = result.error;
    completion.version = result.version;
    completion.detail = result.detail;
    if (result.exec)
        completion.run = runRecordOf(*result.exec);
    if (result.needsAck())
        completion.ackPayload = payloads::ack(*outcome.command.id, textcap::capUtf8(outcome.command.type, textcap::kMaxTypeBytes),
                                              result.success(), result.error, result.version, result.ackNote);
    return completion;
}

// One line per command handled (the tests count them: `command <id> <type> ->`).
void logOutcome(const CommandOutcome &outcome)
{
    qCInfo(lcCommands).noquote() << "command" << *outcome.command.id << textcap::capToken(outcome.command.type) << "->"
                                 << outcomeName(outcome.result.outcome) << textcap::capUtf8(outcome.result.detail, textcap::kMaxErrorBytes);
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
    m_settling.clear();
    // Under a budget each command is settled and acked on its own, so the budget is still
    // checked between commands (an ack may take long).
    m_settleBatch = options.deadline.isForever() ? kSettleBatch : 1;
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
    flushSettled(summary);
    if (options.drainLedger && !stopped)
        drainLedger(options, summary, stopped, seen);
    flushSettled(summary);
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
        if (!ack || m_ledger.ackHolder(ack->ackId) != CommandLedger::AckHolder::Nobody)
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
    auto ack = m_ledger.latestAck(rowId);
    if (ack && !ack->deliveredAtMs) {
        const CommandLedger::AckHolder holder = m_ledger.ackHolder(ack->ackId);
        if (holder != CommandLedger::AckHolder::Delivered)
            return holder == CommandLedger::AckHolder::AnotherProcess;
        ack = m_ledger.latestAck(rowId);  // its process recorded the delivery meanwhile: when?
    }
    return ack && ack->deliveredAtMs && *ack->deliveredAtMs >= m_syncSentAtMs;
}

bool SyncSession::mustWait(const Command &command, const CommandLedger::Admitted &admitted, const SyncOptions &options,
                           bool stopped) const
{
    const bool refuse = admitted.oversizedBytes > 0 || CommandLedger::isOversizedStub(command);
    const bool slowInForeground = !refuse && options.foreground && routeCommand(command).handler == CommandRoute::Handler::RestrictedCmd;
    // After SIGTERM/SIGINT/SIGHUP the agent records what ran and exits: nothing new starts.
    return stopped || !budgetLeft(options) || slowInForeground || exec::TerminationSignals::received();
}

std::optional<CommandResult> SyncSession::decidedUpFront(const Command &command, const CommandLedger::Admitted &admitted)
{
    const qint64 oversized = admitted.oversizedBytes;
    if (oversized == 0 && !CommandLedger::isOversizedStub(command))
        return m_dispatcher.decideByRoute(command);
    // Too large to store, so too large to run: refused by id and type, nothing ran.
    CommandResult refused = CommandResult::rejected(QStringLiteral("Command too large: %1 bytes of JSON (the limit is %2); not run")
                                                        .arg(oversized > 0 ? QString::number(oversized) : QStringLiteral("more than %1").arg(textcap::kMaxRawCommandBytes))
                                                        .arg(textcap::kMaxRawCommandBytes));
    qCWarning(lcCommands).noquote() << "command" << *command.id << "refused:" << refused.error;
    return refused;
}

void SyncSession::handle(const Command &command, const CommandLedger::Admitted &admitted, const SyncOptions &options,
                         SyncSummary &summary, bool &stopped)
{
    const bool runnable = admitted.admission == CommandLedger::Admission::New || admitted.admission == CommandLedger::Admission::Pending;
    if (runnable && !mustWait(command, admitted, options, stopped)) {
        if (std::optional<CommandResult> decided = decidedUpFront(command, admitted)) {
            CommandOutcome outcome;
            outcome.command = command;
            outcome.ran = true;
            outcome.result = std::move(*decided);
            m_settling.append({admitted.row.rowId, std::move(outcome)});
            if (m_settling.size() >= m_settleBatch)
                flushSettled(summary);
            return;
        }
    }
    flushSettled(summary);  // what comes next keeps its place behind them
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
    if (mustWait(command, admitted, options, stopped)) {
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
    logOutcome(outcome);
    record(rowId, std::move(outcome), summary, stopped);
}

void SyncSession::record(qint64 rowId, CommandOutcome outcome, SyncSummary &summary, bool &stopped)
{
    capTexts(outcome.result);
    const CommandCompletion completion = completionOf(outcome);
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

void SyncSession::flushSettled(SyncSummary &summary)
{
    if (m_settling.isEmpty())
        return;
    QList<CommandLedger::Settlement> settlements;
    settlements.reserve(m_settling.size());
    for (Settling &settling : m_settling) {
        capTexts(settling.outcome.result);
        settlements.append({settling.rowId, completionOf(settling.outcome)});
    }
    // Stored before any ack is sent: an ack never claims a result the ledger may not keep.
    const Result<QList<CommandLedger::Settled>> stored = m_ledger.settleAll(settlements, ProcessIdentity::current());
    if (!stored)
        summary.ledgerError = stored.error();
    const logging::DeferredFlush oneWriteForTheirLines;
    QList<CommandLedger::AckAttempt> attempts;
    QElapsedTimer sinceRecorded;
    sinceRecorded.start();
    for (qsizetype i = 0; i < m_settling.size(); ++i) {
        CommandOutcome &outcome = m_settling[i].outcome;
        const CommandLedger::Settled settled = stored ? stored->at(i) : CommandLedger::Settled{};
        if (!stored) {  // still pending: the next round decides it again
            outcome.ran = false;
            outcome.result = CommandResult::skipped(QStringLiteral("not run: the ledger is unavailable (%1)").arg(stored.error()));
        } else if (!settled.stored) {
            outcome.ran = false;
            outcome.result = CommandResult::skipped(QStringLiteral("claimed by another agent process"));
        } else {
            logOutcome(outcome);
        }
        if (settled.ack)
            attempts.append(send(*settled.ack, &outcome));
        summary.outcomes.append(std::move(outcome));
        // Until recorded, these acks count as never tried, which other processes leave to us
        // for a while (ackHolder()): a slow backend does not stretch that.
        if (sinceRecorded.hasExpired(kRecordAttemptsAfterMs)) {
            m_ledger.recordAckAttempts(std::exchange(attempts, {}));
            sinceRecorded.restart();
        }
    }
    m_settling.clear();
    m_ledger.recordAckAttempts(attempts);  // one transaction for the batch's attempts
}

bool SyncSession::deliver(const OutboxAck &ack, CommandOutcome *outcome)
{
    const CommandLedger::AckAttempt attempt = send(ack, outcome);
    m_ledger.recordAckAttempt(ack, attempt.httpStatus, attempt.transportError, attempt.delivered);
    return attempt.delivered;
}

CommandLedger::AckAttempt SyncSession::send(const OutboxAck &ack, CommandOutcome *outcome)
{
    const BackendReply reply = m_client.post(Route::Ack, ack.payload);
    const bool delivered = reply.httpStatus >= 200 && reply.httpStatus < 300;
    if (!delivered)
        qCWarning(lcSync).noquote() << "ack of command" << ack.commandId << "not delivered:" << reply.error << "(kept in the outbox)";
    if (outcome) {
        outcome->ackSent = true;
        outcome->ackDelivered = delivered;
        outcome->ackHttpStatus = reply.httpStatus;
        outcome->ackError = delivered ? QString() : reply.error;
    }
    return {ack, reply.httpStatus, delivered ? QString() : reply.error, delivered};
}

} // namespace teamai
