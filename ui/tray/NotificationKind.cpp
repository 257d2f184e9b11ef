#include "tray/NotificationKind.h"

#include "config/AgentSettings.h"

namespace teamai::ui {

QList<NotificationKind> allNotificationKinds()
{
    return {NotificationKind::Blocked, NotificationKind::Failed, NotificationKind::Installed, NotificationKind::Succeeded};
}

QString notificationKindKey(NotificationKind kind)
{
    switch (kind) {
    case NotificationKind::Blocked: return QStringLiteral("blocked");
    case NotificationKind::Failed: return QStringLiteral("failed");
    case NotificationKind::Installed: return QStringLiteral("installed");
    case NotificationKind::Succeeded: return QStringLiteral("succeeded");
    }
    return {};
}

QSet<NotificationKind> enabledNotificationKinds()
{
    const QStringList muted = AgentSettings::load().settings.mutedNotifications();
    QSet<NotificationKind> enabled;
    for (NotificationKind kind : allNotificationKinds()) {
        if (!muted.contains(notificationKindKey(kind)))
            enabled.insert(kind);
    }
    return enabled;
}

Status saveEnabledNotificationKinds(const QSet<NotificationKind> &enabled)
{
    return AgentSettings::update(
        [&enabled](AgentSettings &settings) {
            // Names this version does not know (written by a newer one) stay muted.
            QStringList muted = settings.mutedNotifications();
            for (NotificationKind kind : allNotificationKinds()) {
                const QString key = notificationKindKey(kind);
                muted.removeAll(key);
                if (!enabled.contains(kind))
                    muted << key;
            }
            settings.setMutedNotifications(muted);
        });
}

} // namespace teamai::ui
