#include "tray/DesktopNotificationSink.h"

#include "log/Logging.h"
#include "tray/BalloonNotificationSink.h"

namespace teamai::ui {

NotificationSink *createDesktopNotificationSink(QSystemTrayIcon *tray, QObject *parent)
{
    if (NotificationSink *service = createServiceNotificationSink(tray, parent))
        return service;
    if (tray) {
        qCInfo(lcSync) << "tray: notifications are shown as tray balloons (no notification service)";
        return new BalloonNotificationSink(tray, parent);
    }
    qCWarning(lcSync) << "tray: neither a notification service nor a system tray: notifications cannot be shown";
    return nullptr;
}

} // namespace teamai::ui
