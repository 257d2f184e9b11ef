#include "tray/RoundNotifications.h"

namespace teamai::ui {
namespace {

// SPEC §5: the ack error of every command the kill switch refused.
const QString kKillSwitchError = QStringLiteral("remote cmd disabled by client");
constexpr int kShownErrorChars = 160;

bool isResourceChange(const QString &type)
{
    return type.startsWith(QLatin1String("install_")) || type.startsWith(QLatin1String("uninstall_"))
           || type.startsWith(QLatin1String("update_"));
}

} // namespace

QList<NotificationEvent> RoundNotifications::eventsFor(const SyncRoundResult &result)
{
    QList<NotificationEvent> events;
    for (const RanCommand &ran : result.ran)
        events << eventFor(ran);
    return events;
}

NotificationEvent RoundNotifications::eventFor(const RanCommand &ran)
{
    const QString type = ran.type.isEmpty() ? tr("no type") : ran.type;
    NotificationEvent event;
    if (!ran.succeeded && ran.error == kKillSwitchError) {
        event.kind = NotificationKind::Blocked;
        event.title = tr("Blocked by your setting");
        event.text = tr("Command %1 (%2) for %3 was not run: remote commands are turned off on this computer.")
                         .arg(ran.commandId).arg(type, ran.agentType);
    } else if (!ran.succeeded) {
        event.kind = NotificationKind::Failed;
        event.title = tr("Command failed");
        event.text = tr("Command %1 (%2) for %3 failed: %4").arg(ran.commandId).arg(type, ran.agentType, ran.error.left(kShownErrorChars));
    } else if (isResourceChange(ran.type) && ran.type != QLatin1String("uninstall_teamai")) {
        event.kind = NotificationKind::Installed;
        event.title = installedTitle(ran.type);
        event.text = tr("Command %1 (%2) for %3 succeeded.").arg(ran.commandId).arg(type, ran.agentType);
    } else {
        event.kind = NotificationKind::Succeeded;
        event.title = tr("Command ran");
        event.text = tr("Command %1 (%2) for %3 succeeded.").arg(ran.commandId).arg(type, ran.agentType);
    }
    return event;
}

QString RoundNotifications::installedTitle(const QString &type)
{
    const bool removed = type.startsWith(QLatin1String("uninstall_"));
    const bool updated = type.startsWith(QLatin1String("update_"));
    if (type.endsWith(QLatin1String("_skill")))
        return removed ? tr("Skill removed") : updated ? tr("Skill updated") : tr("Skill installed");
    if (type.endsWith(QLatin1String("_mcp")))
        return removed ? tr("MCP server removed") : tr("MCP server installed");
    if (type.endsWith(QLatin1String("_hook_rule")))
        return removed ? tr("Hook rule removed") : tr("Hook rule installed");
    if (type.endsWith(QLatin1String("_rule")))
        return removed ? tr("Rule removed") : updated ? tr("Rule updated") : tr("Rule installed");
    if (type.endsWith(QLatin1String("_cmd")))
        return removed ? tr("Custom command removed") : updated ? tr("Custom command updated") : tr("Custom command installed");
    return removed ? tr("Removed from your agent") : tr("Installed in your agent");
}

} // namespace teamai::ui
