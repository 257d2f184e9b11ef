#pragma once

#include "tray/NotificationSink.h"

#include <QDBusConnection>
#include <QMap>
#include <QPointer>

namespace teamai::ui {

/// @brief Shows notifications through the desktop's notification service
/// (org.freedesktop.Notifications on the session bus), which works with or without a tray host.
/// A group's later notifications replace its earlier one (`replaces_id`); a show() for a group
/// whose first Notify has not been answered yet waits for that answer, so a group never ends up
/// as two notifications. When the service does not answer, the fallback sink (the tray balloon)
/// shows it instead.
class DBusNotificationSink : public NotificationSink
{
    Q_OBJECT
public:
    static const QString kService;
    static const QString kPath;
    static const QString kInterface;

    explicit DBusNotificationSink(const QDBusConnection &bus = QDBusConnection::sessionBus(), QObject *parent = nullptr);

    /// @brief True when @p bus is connected and the service runs or can be started on demand.
    static bool serviceAvailable(const QDBusConnection &bus);

    void show(const Notification &notification) override;
    QString name() const override { return kService; }
    /// @brief Used when a Notify call fails (not owned).
    void setFallback(NotificationSink *fallback) { m_fallback = fallback; }
    /// @brief The service's id for @p group's notification (0 before the first answer).
    uint idOf(const QString &group) const { return m_ids.value(group); }

signals:
    /// @brief The service answered a Notify for @p group with @p id.
    void delivered(const QString &group, uint id);

private slots:
    void onClosed(uint id, uint reason);

private:
    void askCapabilities();
    void send(const Notification &notification);
    void flush(const QString &group);

    QDBusConnection m_bus;
    bool m_ready = false;            ///< capabilities known
    bool m_markup = false;           ///< the server reads the body as markup: escape it
    QMap<QString, uint> m_ids;       ///< group → the service's notification id
    QMap<QString, bool> m_inFlight;  ///< group → a Notify without answer yet
    QMap<QString, Notification> m_waiting;  ///< group → the newest notification not sent yet
    QPointer<NotificationSink> m_fallback;
};

} // namespace teamai::ui
