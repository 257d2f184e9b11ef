#include "models/CommandLabels.h"

#include "commands/Command.h"
#include "util/Redact.h"

#include <QJsonDocument>
#include <QLocale>

namespace teamai::ui {
namespace {

Command parsed(const LedgerCommand &command)
{
    return Command::fromJson(QJsonDocument::fromJson(command.rawJson.toUtf8()).object());
}

} // namespace

QString CommandLabels::state(CommandState state)
{
    switch (state) {
    case CommandState::Pending: return tr("Waiting");
    case CommandState::Running: return tr("Running");
    case CommandState::Succeeded: return tr("Succeeded");
    case CommandState::Failed: return tr("Failed");
    case CommandState::Rejected: return tr("Refused");
    case CommandState::Skipped: return tr("Skipped");
    case CommandState::Interrupted: return tr("Interrupted");
    }
    return tr("Unknown");
}

QString CommandLabels::delivery(Delivery delivery)
{
    switch (delivery) {
    case Delivery::NotDelivered: return tr("Not run");
    case Delivery::Delivered: return tr("Ran");
    case Delivery::Unknown: return tr("Unknown");
    }
    return tr("Unknown");
}

QString CommandLabels::ack(const QString &ackState)
{
    if (ackState == QLatin1String("delivered"))
        return tr("Sent");
    if (ackState == QLatin1String("queued"))
        return tr("Waiting to be sent");
    return ackState;
}

QString CommandLabels::commandLine(const LedgerCommand &command)
{
    const Command pushed = parsed(command);
    if (routeCommand(pushed).handler != CommandRoute::Handler::RestrictedCmd)
        return {};
    return redactSecrets(pushed.field(QStringLiteral("cmd")));
}

bool gatedByKillSwitch(const LedgerCommand &command)
{
    const Command pushed = parsed(command);
    const CommandRoute route = routeCommand(pushed);
    switch (route.handler) {
    case CommandRoute::Handler::RestrictedCmd:
    case CommandRoute::Handler::ModelConfig: return true;
    case CommandRoute::Handler::HookRule: return route.hookRuleInstall;
    case CommandRoute::Handler::Mcp: return route.action == ResourceAction::Install;
    default: return false;
    }
}

QString pendingReason(const LedgerCommand &command, const PendingContext &context)
{
    if (!context.remoteCommandsAllowed && gatedByKillSwitch(command))
        return CommandLabels::tr("Blocked by your setting: remote commands are turned off, so it will be refused "
                                 "at the next sync instead of running. Turn remote commands on to let it run.");
    if (context.runningCommandId != 0 && context.runningCommandId != command.commandId)
        return CommandLabels::tr("Queued behind command %1, which is running now; it runs when that one finishes.")
            .arg(context.runningCommandId);
    if (context.nextSync.isValid())
        return CommandLabels::tr("Waiting for the next sync, at %1.")
            .arg(QLocale().toString(context.nextSync.toLocalTime().time(), QLocale::ShortFormat));
    return CommandLabels::tr("Waiting for the next sync.");
}

} // namespace teamai::ui
