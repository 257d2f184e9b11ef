#pragma once

class QObject;
class QSystemTrayIcon;

namespace teamai::ui {

class NotificationSink;

/// @brief The best sink this desktop has: the notification service on the session bus (with the
/// balloon as its fallback when @p tray is given), else the balloon, else null (nothing can show
/// a notification). Owned by @p parent.
NotificationSink *createDesktopNotificationSink(QSystemTrayIcon *tray, QObject *parent);

/// @brief Its platform half (DesktopNotificationSink_linux.cpp, _mac.cpp, _win.cpp): the desktop's
/// notification service as a sink (with the balloon of @p tray as its fallback), or null when
/// there is none: Linux's org.freedesktop.Notifications on the session bus.
NotificationSink *createServiceNotificationSink(QSystemTrayIcon *tray, QObject *parent);

} // namespace teamai::ui
