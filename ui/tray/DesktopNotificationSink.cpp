#include "tray/DesktopNotificationSink.h"

#include "log/Logging.h"
#include "tray/BalloonNotificationSink.h"

#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
#include "tray/DBusNotificationSink.h"
#endif

namespace teamai::ui {

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
