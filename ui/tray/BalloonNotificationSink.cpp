#include "tray/BalloonNotificationSink.h"

#include <QSystemTrayIcon>

namespace teamai::ui {

BalloonNotificationSink::BalloonNotificationSink(QSystemTrayIcon *tray, QObject *parent)
    : NotificationSink(parent)
    , m_tray(tray)
{
}

void BalloonNotificationSink::show(const Notification &n)
{
    if (!m_tray)
        return;
    const QSystemTrayIcon::MessageIcon icon = n.severity == Notification::Severity::Critical ? QSystemTrayIcon::Critical
                                              : n.severity == Notification::Severity::Warning ? QSystemTrayIcon::Warning
                                                                                              : QSystemTrayIcon::Information;
    m_tray->showMessage(n.title, n.body, icon, kShownMs);
}

} // namespace teamai::ui
