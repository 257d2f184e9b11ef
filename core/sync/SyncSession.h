#pragma once

#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "sync/CommandResult.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace teamai {

class AgentConfig;
class BackendClient;
class Clock;
class CommandDispatcher;
class CommandLedger;
struct LedgerCommand;
struct OutboxAck;
struct ToolInfo;

/// @brief One command's journey through a round: what handling it came to and how its ack went.
struct CommandOutcome {
    Command command;
    CommandResult result;
    bool ran = false;            ///< this process handled it now (false: seen before, or another process has it)
    bool ackSent = false;        ///< an ack was attempted in this round
    bool ackDelivered = false;   ///< the backend answered 2xx
    int ackHttpStatus = 0;
    QString ackError;
};

/// @brief Everything one round did, for summaries, logs and tests.
struct SyncSummary {
    bool reportSkipped = false;
    bool reportOk = false;
    QString reportError;
    bool syncOk = false;
    bool syncTimedOut = false;
    int syncHttpStatus = 0;       ///< the sync reply's status; 0: no HTTP answer (unreachable)
    QString syncError;
    QList<CommandOutcome> outcomes;
    int deferred = 0;             ///< commands left pending (budget, foreground, or after uninstall)
    int notAdmitted = 0;          ///< received but not stored (budget): the backend sends them again
    int acksResent = 0;           ///< outbox acks delivered before the sync
    int outboxLeft = 0;           ///< acks still waiting after the round (any process's)
    int outboxFailed = 0;         ///< queued acks this round tried to re-send and could not
    QString outboxError;          ///< why the first of those failed
    int interruptedRecovered = 0;
    QString ledgerError;          ///< the ledger could not be used: nothing was run
    QDateTime startedAt;
    qint64 elapsedMs = 0;

    /// @brief Every ack this round sent — its own and the queued ones it re-sent — arrived.
    /// Acks another process has in flight are not this round's to answer for.
    bool allAcksDelivered() const;
    /// @brief Why the round did not fully succeed, one plain sentence each (empty when it did).
    QStringList problems() const;
    /// @brief Work is left that a detached worker should finish (foreground budget ran out).
    bool leftWork() const { return deferred > 0 || notAdmitted > 0 || syncTimedOut || outboxLeft > 0; }
};

/// @brief Options of one round.
struct SyncOptions {
    const ToolInfo *tool = nullptr;
    QString event;                ///< hook event, empty for `teamai sync`
    QString cwd;
    bool skipReport = false;      ///< sandbox guard, or a worker finishing a hook's round
    QString status = QStringLiteral("running");
    /// A hook run under a budget (every hook event): only quick commands run inline; restricted
    /// commands, which may take their whole timeout, wait for the worker.
    bool foreground = false;
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    /// Retry only acks whose backoff has passed (hooks, tray); an explicit `teamai sync` retries all.
    bool respectAckBackoff = true;
    /// Also run pending commands the ledger holds that the backend did not send this time.
    bool drainLedger = false;
    /// Time kept at the end of a foreground budget for the acks of what did run.
    int ackReserveMs = 400;
};

/// @brief Runs one SPEC §6 round with SPEC §7 delivery: resend the outbox, report, sync (a
/// failed report never stops it), then each command — stored before it runs, claimed atomically,
/// its result and ack stored together — and deliver the acks. Budgets are checked between
/// commands, never by interrupting one, and read on @p clock (a test moves it on).
class SyncSession
{
public:
    SyncSession(BackendClient &client, CommandDispatcher &dispatcher, const AgentConfig &config, CommandLedger &ledger,
                const Clock &clock);

    SyncSummary run(const SyncOptions &options);
    /// @brief run() for a cwd whose workspace (reportworkspaces::workspaceOf) the caller has
    /// computed already: the report and the sync choose their workspaces around it, once.
    SyncSummary run(const SyncOptions &options, const QString &workspace);

private:
    void flushOutbox(const SyncOptions &options, SyncSummary &summary);
    QList<QJsonObject> receive(const ToolInfo &tool, const SyncOptions &options, const QJsonArray &workspaces, SyncSummary &summary);
    void handleReceived(const QList<QJsonObject> &received, const SyncOptions &options, SyncSummary &summary,
                        bool &stopped, QSet<qint64> &seen);
    void drainLedger(const SyncOptions &options, SyncSummary &summary, bool &stopped, const QSet<qint64> &seen);
    void handle(const Command &command, const CommandLedger::Admitted &admitted, const SyncOptions &options,
                SyncSummary &summary, bool &stopped);
    void ackAgain(const LedgerCommand &admittedRow, CommandOutcome &outcome, const SyncOptions &options);
    bool ackedConcurrently(qint64 rowId);
    void runClaimed(const LedgerCommand &row, const Command &command, const SyncOptions &options,
                    SyncSummary &summary, bool &stopped);
    void record(qint64 rowId, CommandOutcome outcome, SyncSummary &summary, bool &stopped);
    /// Whether @p command waits for a later round instead of being handled now (see handle()).
    bool mustWait(const Command &command, const CommandLedger::Admitted &admitted, const SyncOptions &options, bool stopped) const;
    /// The result of a command decided without running anything (too large, unsupported, hook-type).
    std::optional<CommandResult> decidedUpFront(const Command &command, const CommandLedger::Admitted &admitted);
    /// Stores the settled commands in one transaction, then sends their acks (see m_settling).
    void flushSettled(SyncSummary &summary);
    bool deliver(const OutboxAck &ack, CommandOutcome *outcome);
    /// POSTs @p ack and notes the outcome in @p outcome (when given); the caller records the attempt.
    CommandLedger::AckAttempt send(const OutboxAck &ack, CommandOutcome *outcome);
    bool budgetLeft(const SyncOptions &options) const;
    QDeadlineTimer admissionDeadline(const SyncOptions &options) const;

    BackendClient &m_client;
    CommandDispatcher &m_dispatcher;
    const AgentConfig &m_config;
    CommandLedger &m_ledger;
    const Clock &m_clock;
    QString m_agentType;
    QString m_localAgentId;
    bool m_batchEnded = false;  ///< a command ended the batch (uninstall_teamai succeeded)
    qint64 m_syncSentAtMs = 0;  ///< when this round asked the backend for commands
    /// Commands decided without running anything, not stored yet: stored together by
    /// flushSettled() before anything else of the round happens (docs/delivery.md, "Settled
    /// in batches"), so they keep their place in the batch order.
    struct Settling {
        qint64 rowId = 0;
        CommandOutcome outcome;
    };
    QList<Settling> m_settling;
    int m_settleBatch = 1;      ///< how many are stored together in this round
};

} // namespace teamai
