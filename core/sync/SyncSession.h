#pragma once

#include "commands/Command.h"
#include "sync/CommandResult.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QList>
#include <QString>

namespace teamai {

class AgentConfig;
class BackendClient;
class CommandDispatcher;
struct ToolInfo;

/// @brief One command's journey through a sync: what handling it came to and how its ack went.
struct CommandOutcome {
    Command command;
    CommandResult result;
    bool ackSent = false;        ///< an ack was attempted
    bool ackDelivered = false;   ///< the backend answered 2xx
    int ackHttpStatus = 0;
    QString ackError;
};

/// @brief Everything one report + sync + run + ack round did, for summaries, logs and tests.
struct SyncSummary {
    bool reportSkipped = false;
    bool reportOk = false;
    QString reportError;
    bool syncOk = false;
    QString syncError;
    QList<CommandOutcome> outcomes;
    int deferred = 0;             ///< commands left for a later sync (budget, or after uninstall)
    QDateTime startedAt;
    qint64 elapsedMs = 0;

    bool allAcksDelivered() const;
};

/// @brief Options of one round.
struct SyncOptions {
    const ToolInfo *tool = nullptr;
    QString event;                ///< hook event, empty for `teamai sync`
    QString cwd;
    bool skipReport = false;      ///< sandbox guard
    QString status = QStringLiteral("running");
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    /// Time kept in reserve at the end of a foreground budget for the acks of what did run.
    int ackReserveMs = 300;
};

/// @brief Runs one SPEC §6 round: report, then sync (a failed report never stops it), then each
/// command in order through the dispatcher, acknowledging each result. Budgets are checked
/// between commands, never by interrupting one.
class SyncSession
{
public:
    SyncSession(BackendClient &client, CommandDispatcher &dispatcher, const AgentConfig &config);

    SyncSummary run(const SyncOptions &options);

private:
    void acknowledge(CommandOutcome &outcome);

    BackendClient &m_client;
    CommandDispatcher &m_dispatcher;
    const AgentConfig &m_config;
};

} // namespace teamai
