#include "tray/DesktopNotificationSink.h"

namespace teamai::ui {

// No notification service is used here: the tray's balloons show them.
NotificationSink *createServiceNotificationSink(QSystemTrayIcon *, QObject *)
{
    return nullptr;
}

} // namespace teamai::ui
