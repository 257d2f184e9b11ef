#pragma once

#include "store/FinishedIds.h"
#include "store/LedgerTypes.h"
#include "store/ProcessIdentity.h"
#include "util/Result.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <unordered_map>


namespace teamai {

namespace groupmerge {
struct Group;
}
class LedgerDatabase;
class SqliteQuery;
class SqliteTransaction;
struct Command;

/// @brief The durable record of every command and every acknowledgement (SPEC §7), on one
/// LedgerDatabase. It is what makes delivery exactly-once across processes and crashes:
///
/// - admit() stores a command before anything runs (or finds it stored already);
/// - claim() is one atomic `pending → running` change, so of all processes that received the
///   command only one runs it; the claim carries the runner's pid and start time;
/// - complete() stores the result and queues its ack in the same transaction, so a result is
///   never without its ack;
/// - the outbox (dueAcks / recordAckAttempt) keeps every ack until the backend took it;
/// - recoverInterrupted() turns the claims of dead processes into `interrupted` results.
class CommandLedger
{
public:
    explicit CommandLedger(LedgerDatabase &database);
    ~CommandLedger();
    Q_DISABLE_COPY(CommandLedger)

    /// @brief What admit() found.
    enum class Admission {
        New,       ///< first time seen: stored as pending
        Pending,   ///< seen before, not run yet (left for later, or a worker will)
        Running,   ///< another live process is running it
        Finished,  ///< has a final state: never run again
        Error,     ///< the database failed; do not run it
    };
    struct Admitted {
        Admission admission = Admission::Error;
        LedgerCommand row;
        /// The command's JSON was larger than textcap::kMaxRawCommandBytes: only a stub (id,
        /// type, this size) is stored, and the command must be refused, never run.
        qint64 oversizedBytes = 0;
        QString error;  ///< why, when the admission is Error
    };
    /// @brief What admitAll() stored: the commands admitted, in order, and why it stopped before
    /// the end when a failure stopped it (ok when it admitted all or ran out of time).
    struct [[nodiscard]] Admissions {
        QList<Admitted> admitted;
        Status stopped;
    };

    /// @brief Stores @p command for @p agentType unless already stored; returns what is known.
    Admitted admit(const Command &command, const QString &agentType, const QString &localAgentId);

    /// @brief admit() for a whole sync answer: transactions of a few hundred commands each, so
    /// 150,000 commands cost seconds, not minutes. Stops between transactions once @p deadline
    /// has passed; returns one entry per command admitted, in order (a prefix of @p commands;
    /// every command must have an id). What was not admitted is not stored: the backend sends it
    /// again until it is acknowledged.
    Admissions admitAll(const QList<Command> &commands, const QString &agentType, const QString &localAgentId,
                             QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever));

    /// @brief True when @p command is the stub admit() stored for an oversized command.
    static bool isOversizedStub(const Command &command);

    /// @brief Atomically marks the pending row running for @p runner. False when another process
    /// claimed it first (or it is no longer pending).
    bool claim(qint64 rowId, const ProcessIdentity &runner);

    /// @brief Gives a claimed command back (`running → pending`) when it did not fit this run; a
    /// later run or the worker claims it again.
    void release(qint64 rowId);

    /// @brief Forgets a command that is still pending and never ran: it is in the ledger only
    /// because it arrived, and the backend (which has no ack for it) sends it again. Used for the
    /// rest of a batch after a successful `uninstall_teamai` (SPEC §4: it waits for a later sync).
    void forgetPending(qint64 rowId);

    /// @brief Records the pid of the child a claimed command started (for diagnostics).
    void setChildPid(qint64 rowId, qint64 childPid);

    /// @brief Stores the final result and, when @p completion has an ack payload, queues that ack,
    /// in one transaction. Returns the queued ack as stored (nothing when none was queued), or
    /// why nothing was stored.
    Result<std::optional<OutboxAck>> complete(qint64 rowId, const CommandCompletion &completion);

    /// @brief A result decided without running anything (an unsupported type, a refusal), for
    /// settleAll().
    struct Settlement {
        qint64 rowId = 0;
        CommandCompletion completion;
    };
    /// @brief What settleAll() did with one Settlement.
    struct Settled {
        bool stored = false;           ///< false: another process had claimed or finished the row
        std::optional<OutboxAck> ack;  ///< the ack queued, when the result owes one
    };
    /// @brief Stores results decided without running anything, for rows still pending: claim and
    /// result in one statement each (the row records @p runner as a claim would), their acks, all
    /// in one transaction, with one fsync of the finished-ids record for all of them. A row
    /// another process claimed first is left to it. Returns one entry per settlement, in order,
    /// or why nothing was stored (then every row is still pending).
    Result<QList<Settled>> settleAll(const QList<Settlement> &settlements, const ProcessIdentity &runner);

    /// @brief The backend sent a finished command again: queue its recorded ack once more,
    /// unless an undelivered one is already waiting. Returns the ack queued or waiting; nothing
    /// when the command has no ack to repeat or on error.
    std::optional<OutboxAck> requeueAck(qint64 rowId);

    /// @brief When the newest ack of a command was queued and delivered (ms since the epoch).
    struct AckTimes {
        qint64 ackId = 0;
        qint64 createdAtMs = 0;
        std::optional<qint64> deliveredAtMs;  ///< empty: still in the outbox
        int attempts = 0;                     ///< delivery attempts so far
    };
    /// @brief The newest ack of row @p rowId, if it has one.
    std::optional<AckTimes> latestAck(qint64 rowId);

    /// @brief Who has ack @p ackId now, read in one statement so that a delivery recorded
    /// meanwhile is never taken for "nobody" (a duplicate ack, issue 16 item 8).
    enum class AckHolder {
        Delivered,       ///< delivered already (or no such ack): nothing to send
        AnotherProcess,  ///< never tried yet, queued less than kAckHandoverMs ago, and its command's
                         ///< runner is alive and not this process: it delivers right after storing
                         ///< the result, so others leave it to that process
        Nobody,          ///< still owed and nobody else is sending it: whoever comes next does
    };
    AckHolder ackHolder(qint64 ackId);
    static constexpr qint64 kAckHandoverMs = 60000;

    /// @brief Every `running` row whose runner is gone becomes `interrupted` / `unknown` with a
    /// failed ack queued. Returns how many were recovered.
    int recoverInterrupted(const std::function<QJsonObject(const LedgerCommand &)> &ackPayloadFor);

    /// @brief Acks not yet delivered, oldest first. With @p respectBackoff, only those whose
    /// next attempt is due.
    QList<OutboxAck> dueAcks(bool respectBackoff, int limit = 500);
    /// @brief The ack @p ackId when it is still waiting in the outbox.
    std::optional<OutboxAck> undeliveredAck(qint64 ackId);

    /// @brief Records one delivery attempt of @p ack (always, whatever its outcome) and, when it
    /// failed, schedules the next one with a growing, randomised delay.
    void recordAckAttempt(const OutboxAck &ack, int httpStatus, const QString &transportError, bool delivered);
    /// @brief One delivery attempt, for recordAckAttempts().
    struct AckAttempt {
        OutboxAck ack;
        int httpStatus = 0;
        QString transportError;
        bool delivered = false;
    };
    /// @brief recordAckAttempt() for several attempts, in one transaction.
    void recordAckAttempts(const QList<AckAttempt> &attempts);

    /// @brief Pending commands (received but not run), oldest first, optionally of one agent;
    /// with @p afterRowId, only those stored after that row (to page through them in order).
    QList<LedgerCommand> pendingCommands(const QString &agentType = {}, int limit = 1000, qint64 afterRowId = 0);

    /// @brief Commands for `teamai history` and the tray, newest first.
    Result<QList<LedgerCommand>> history(const HistoryFilter &filter);
    /// @brief Rows [offset, offset + limit) of @p request's order and state: what the Commands
    /// window reads as it scrolls. Without output tails and ack state (command() reads those
    /// for the one row selected), so a page of 200 is a few hundred kilobytes at most.
    Result<QList<LedgerCommand>> page(const CommandPageRequest &request);
    std::optional<LedgerCommand> command(qint64 rowId);
    /// @brief Every row with the backend's id @p commandId (one per agent it came for), newest
    /// first; with @p agentType only that agent's, through the (command_id, agent) index.
    Result<QList<LedgerCommand>> commandsWithId(qint64 commandId, const QString &agentType = {});

    Result<int> countInState(CommandState state);
    Result<int> outboxSize();

    /// @brief Sets a key of the `meta` table (retention keeps its own key there; tests use it as
    /// the smallest write to the ledger).
    void setMeta(const QString &key, const QString &value);

private:
    /// The prepared statement for @p sql, cached for this connection, reset and ready to bind.
    SqliteQuery &statement(const QString &sql);
    /// Runs @p query; a failure is logged, noted on the database and returned as `ledger <what> failed: …`.
    Status exec(SqliteQuery &query, const char *what);
    /// Whether @p transaction began / committed; a failure is noted like a failed statement.
    Status began(const SqliteTransaction &transaction);
    Status committed(SqliteTransaction &transaction);
    Error noteFailure(const Status &failed, const char *what);
    Result<qint64> insertAck(qint64 rowId, const LedgerCommand &row, const QJsonObject &payload);
    /// The stored form of a command's JSON: packed with its type's dictionary when that is smaller.
    QVariant packedJson(const QString &json, qint64 commandId, const QString &type, qint64 typeId);
    /// Queues @p payload for @p row and reads it back as stored; an error when either fails.
    Result<std::optional<OutboxAck>> queueAck(qint64 rowId, const std::optional<LedgerCommand> &row, const QJsonObject &payload);
    Result<std::optional<OutboxAck>> readAck(qint64 ackId);
    /// After a row's result was written: adds its finished-ids entry to @p finished and queues
    /// the ack @p completion owes (nothing when it owes none).
    Result<std::optional<OutboxAck>> queueResultAck(qint64 rowId, const CommandCompletion &completion,
                                                    QList<finishedids::Entry> &finished);
    /// The row's id, agent, type, error and version: what queueResultAck() needs of it.
    Result<std::optional<LedgerCommand>> resultFacts(qint64 rowId);
    Result<Settled> settleOne(const Settlement &settlement, const ProcessIdentity &runner, QList<finishedids::Entry> &finished);
    /// Inserts one attempt and updates its ack; inside the caller's transaction.
    Status insertAttempt(const AckAttempt &attempt);
    /// The (state, type, agent) groups of commands_by_group that @p filter matches.
    Result<QList<groupmerge::Group>> matchingGroups(const HistoryFilter &filter);
    Result<QList<LedgerCommand>> pageByReceived(const CommandPageRequest &request);
    Result<std::optional<LedgerCommand>> readRow(const QString &where, const QVariantList &values);
    Result<QList<LedgerCommand>> readRows(SqliteQuery &query, const char *what);
    Result<int> readCount(SqliteQuery &query, const char *what);
    void prepareNames(const QList<Command> &batch, const QString &agentType, const QString &localAgentId);
    Admitted admitOne(const Command &command, const QString &agentType, const QString &localAgentId, bool fullRow);
    /// The key and state of the row admitOne() just stored (a batch needs no more).
    Result<std::optional<LedgerCommand>> admittedKey(const Command &command, const QString &agentType, qint64 agentId);

    /// An ack still owed, with what ackHolder() judges its sender by.
    struct OwedAck {
        int attempts = 0;
        qint64 createdAtMs = 0;
        ProcessIdentity runner;
    };
    std::optional<OwedAck> owedAck(qint64 ackId);

    LedgerDatabase &m_database;
    std::unordered_map<QString, std::unique_ptr<SqliteQuery>> m_statements;
};

} // namespace teamai
