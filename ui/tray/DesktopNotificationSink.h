#pragma once

class QObject;
class QSystemTrayIcon;

namespace teamai::ui {

class NotificationSink;

/// @brief The best sink this desktop has: the notification service on the session bus (with the
/// balloon as its fallback when @p tray is given), else the balloon, else null (nothing can show
/// a notification). Owned by @p parent.
NotificationSink *createDesktopNotificationSink(QSystemTrayIcon *tray, QObject *parent);

} // namespace teamai::ui
