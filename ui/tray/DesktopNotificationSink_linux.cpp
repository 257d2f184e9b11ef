#include "tray/DesktopNotificationSink.h"

#include "log/Logging.h"
#include "tray/BalloonNotificationSink.h"
#include "tray/DBusNotificationSink.h"

namespace teamai::ui {

NotificationSink *createServiceNotificationSink(QSystemTrayIcon *tray, QObject *parent)
{
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!DBusNotificationSink::serviceAvailable(bus))
        return nullptr;
    auto *sink = new DBusNotificationSink(bus, parent);
    if (tray)
        sink->setFallback(new BalloonNotificationSink(tray, sink));
    qCInfo(lcSync) << "tray: notifications go to org.freedesktop.Notifications";
    return sink;
}

} // namespace teamai::ui
