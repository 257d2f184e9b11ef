#pragma once

#include "commands/CommandState.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace teamai {

/// @brief Whether the command's effect reached the machine: `not_delivered` (refused before
/// anything ran), `delivered` (it ran), `unknown` (the agent died while it ran).
enum class Delivery { NotDelivered, Delivered, Unknown };

QString deliveryName(Delivery delivery);

/// @brief One command as the ledger holds it.
struct LedgerCommand {
    qint64 rowId = 0;
    qint64 commandId = 0;
    QString agentType;
    QString type;
    QString rawJson;
    QDateTime receivedAt;
    QDateTime startedAt;
    QDateTime finishedAt;
    CommandState state = CommandState::Pending;
    Delivery delivery = Delivery::NotDelivered;
    QString reason;          ///< why it was refused: user, env, policy, allowlist…
    qint64 runnerPid = 0;
    qint64 childPid = 0;
    std::optional<int> exitCode;
    std::optional<int> signal;
    bool timedOut = false;
    bool cancelled = false;
    QByteArray stdoutTail;
    QByteArray stderrTail;
    QString stdoutSpill;
    QString stderrSpill;
    QString error;
    QString version;
    QString detail;
    /// Outbox state of its newest ack: empty when it has none.
    QString ackState;        ///< "queued", "delivered"
    int ackAttempts = 0;
};

/// @brief What the ledger keeps of one process run. The store's own record, so it knows no
/// executor: sync/ fills it from the executor's result (`runRecordOf`, sync/RunRecordOf.h).
struct RunRecord {
    /// The shell-style status: the exit code, or 128 + signal (SIGTERM → 143); empty when the
    /// child neither exited nor was ended by a signal (it never started).
    std::optional<int> status;
    std::optional<int> signal;
    bool timedOut = false;
    bool cancelled = false;
    QByteArray stdoutText;   ///< the ledger keeps its last 64 KiB
    QByteArray stderrText;   ///< the ledger keeps its last 64 KiB
    QString stdoutSpill;
    QString stderrSpill;
    qint64 pid = 0;          ///< 0: unknown, the claim's child pid stays
};

/// @brief What finishing a command records.
struct CommandCompletion {
    CommandState state = CommandState::Failed;
    Delivery delivery = Delivery::Delivered;
    QString reason;
    QString error;
    QString version;
    QString detail;
    std::optional<RunRecord> run;  ///< empty when no process ran
    /// The ack to queue in the same transaction; empty when the command needs none (skipped).
    QJsonObject ackPayload;
};

/// @brief An ack waiting in the outbox.
struct OutboxAck {
    qint64 ackId = 0;
    qint64 commandRow = 0;
    qint64 commandId = 0;
    QString agentType;
    QString type;
    QString commandState;
    QJsonObject payload;
    int attempts = 0;
    QDateTime createdAt;
};

/// @brief Filters of `teamai history` and the tray's Commands window.
struct HistoryFilter {
    int limit = 50;
    QString state;           ///< empty: any
    QString type;            ///< empty: any
    QString agentType;       ///< empty: any
    QDateTime since;         ///< invalid: any time
};

/// @brief What a table of commands is sorted by; ties go by row id in the same direction, so the
/// order is total and pages never overlap.
enum class CommandOrder { Received, CommandId, Type, Agent, State, Delivery, Started, Finished, Exit, Error };

/// @brief One page of commands for the tray's Commands window (CommandLedger::page()).
struct CommandPageRequest {
    QString state;                     ///< empty: any
    CommandOrder order = CommandOrder::Received;
    bool ascending = false;            ///< newest (largest) first by default
    /// State and Delivery sort by these names' order (the table sorts by the words it shows);
    /// a name missing here sorts after the listed ones. A pending or running command has no
    /// delivery yet and sorts before any.
    QStringList stateOrder;
    QStringList deliveryOrder;
    int offset = 0;
    int limit = 200;
};

} // namespace teamai
