#pragma once

class QObject;
class QSystemTrayIcon;

// The platform half of DesktopNotificationSink.cpp (DesktopNotificationSink_linux.cpp, _mac.cpp,
// _win.cpp).
namespace teamai::ui {

class NotificationSink;

/// @brief The desktop's notification service as a sink (with the balloon of @p tray as its
/// fallback), or null when there is none: Linux's org.freedesktop.Notifications on the session bus.
NotificationSink *createServiceNotificationSink(QSystemTrayIcon *tray, QObject *parent);

} // namespace teamai::ui
