#pragma once

#include <QObject>
#include <QString>

namespace teamai::ui {

/// @brief One desktop notification as the Notifier composed it.
struct Notification {
    enum class Severity { Information, Warning, Critical };

    /// Notifications of one group replace each other on the desktop (D-Bus `replaces_id`); a new
    /// group starts a new notification.
    QString group;
    QString title;
    QString body;  ///< plain text, sentences on separate lines
    Severity severity = Severity::Information;
    int count = 1;  ///< how many events it sums up
};

/// @brief Where notifications go: the desktop's notification service (DBusNotificationSink), the
/// tray icon's balloon (BalloonNotificationSink), or a test's recorder.
class NotificationSink : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /// @brief Shows @p notification, replacing the one shown last for its group.
    virtual void show(const Notification &notification) = 0;
    /// @brief For the log: "org.freedesktop.Notifications", "tray balloon", …
    virtual QString name() const = 0;

signals:
    /// @brief The desktop closed the group's notification (expired or dismissed by the user): the
    /// next event starts a new one.
    void closed(const QString &group);
};

} // namespace teamai::ui
