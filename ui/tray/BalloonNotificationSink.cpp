#include "tray/BalloonNotificationSink.h"

#include "log/Logging.h"

#include <QSystemTrayIcon>

#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
#include "tray/DBusNotificationSink.h"
#endif

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

NotificationSink *createDesktopNotificationSink(QSystemTrayIcon *tray, QObject *parent)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (DBusNotificationSink::serviceAvailable(bus)) {
        auto *sink = new DBusNotificationSink(bus, parent);
        if (tray)
            sink->setFallback(new BalloonNotificationSink(tray, sink));
        qCInfo(lcSync) << "tray: notifications go to org.freedesktop.Notifications";
        return sink;
    }
#endif
    if (tray) {
        qCInfo(lcSync) << "tray: notifications are shown as tray balloons (no notification service)";
        return new BalloonNotificationSink(tray, parent);
    }
    qCWarning(lcSync) << "tray: neither a notification service nor a system tray: notifications cannot be shown";
    return nullptr;
}

} // namespace teamai::ui
