#pragma once

#include "store/LedgerTypes.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace teamai::ui {

/// @brief What the Commands window says about a command, in people's words: the ledger's enum
/// names (`not_delivered`, `rejected`…) never reach the screen.
class CommandLabels
{
    Q_DECLARE_TR_FUNCTIONS(CommandLabels)
public:
    /// @brief "Waiting", "Running", "Succeeded", "Failed", "Refused", "Skipped", "Interrupted".
    static QString state(CommandState state);
    /// @brief "Not run", "Ran", "Unknown".
    static QString delivery(Delivery delivery);
    /// @brief The ack outbox state: "Sent", "Waiting to be sent", or @p ackState itself.
    static QString ack(const QString &ackState);
    /// @brief The pushed command line of a restricted command (`cmd`), secrets masked; empty
    /// for other commands.
    static QString commandLine(const LedgerCommand &command);
};

/// @brief What a pending command waits for.
struct PendingContext {
    bool remoteCommandsAllowed = true;  ///< the kill switch lets restricted commands run
    QDateTime nextSync;                 ///< invalid: not known
    qint64 runningCommandId = 0;        ///< another command running now, 0 when none
};

/// @brief Why the pending @p command has not run yet and when it will, one sentence.
QString pendingReason(const LedgerCommand &command, const PendingContext &context);

/// @brief True when the kill switch decides whether @p command may run (restricted commands,
/// hook rule and MCP installs, model configuration).
bool gatedByKillSwitch(const LedgerCommand &command);

} // namespace teamai::ui
