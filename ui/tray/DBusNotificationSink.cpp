#include "tray/DBusNotificationSink.h"

#include "log/Logging.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace teamai::ui {
namespace {
constexpr int kExpireDefault = -1;  // the server's own timeout

uchar urgencyOf(Notification::Severity severity)
{
    switch (severity) {
    case Notification::Severity::Information: return 1;  // normal (low would be hidden by some servers)
    case Notification::Severity::Warning: return 1;
    case Notification::Severity::Critical: return 2;
    }
    return 1;
}

} // namespace

const QString DBusNotificationSink::kService = QStringLiteral("org.freedesktop.Notifications");
const QString DBusNotificationSink::kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString DBusNotificationSink::kInterface = QStringLiteral("org.freedesktop.Notifications");

DBusNotificationSink::DBusNotificationSink(const QDBusConnection &bus, QObject *parent)
    : NotificationSink(parent)
    , m_bus(bus)
{
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("NotificationClosed"), this, SLOT(onClosed(uint,uint)));
    askCapabilities();
}

bool DBusNotificationSink::serviceAvailable(const QDBusConnection &bus)
{
    if (!bus.isConnected() || !bus.interface())
        return false;
    if (bus.interface()->isServiceRegistered(kService))
        return true;
    // Not running yet: most desktops start their notification daemon on the first call.
    const QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
                                                             QStringLiteral("org.freedesktop.DBus"), QStringLiteral("ListActivatableNames"));
    const QDBusMessage answer = bus.call(call, QDBus::Block, 2000);
    return answer.type() == QDBusMessage::ReplyMessage && !answer.arguments().isEmpty()
           && answer.arguments().constFirst().toStringList().contains(kService);
}

void DBusNotificationSink::askCapabilities()
{
    const QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("GetCapabilities"));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        const QDBusPendingReply<QStringList> reply = *w;
        w->deleteLater();
        m_markup = reply.isValid() && reply.value().contains(QStringLiteral("body-markup"));
        m_ready = true;
        for (const QString &group : m_waiting.keys())
            flush(group);
    });
}

void DBusNotificationSink::show(const Notification &notification)
{
    if (!m_ids.contains(notification.group)) {
        // A new group: the older ones are never replaced again (servers that keep notifications
        // may never report them closed).
        m_ids.removeIf([this](const auto &entry) { return !m_inFlight.contains(entry.key()); });
    }
    m_waiting.insert(notification.group, notification);
    if (m_ready && !m_inFlight.value(notification.group))
        flush(notification.group);
}

void DBusNotificationSink::flush(const QString &group)
{
    if (!m_waiting.contains(group))
        return;
    send(m_waiting.take(group));
}

void DBusNotificationSink::send(const Notification &n)
{
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    const QVariantMap hints{{QStringLiteral("urgency"), QVariant::fromValue(urgencyOf(n.severity))},
                            {QStringLiteral("desktop-entry"), QStringLiteral("teamai-tray")}};
    const QString body = m_markup ? n.body.toHtmlEscaped() : n.body;
    call << QStringLiteral("TeamAI Agent") << m_ids.value(n.group) << QStringLiteral("teamai") << n.title << body
         << QStringList() << hints << kExpireDefault;
    m_inFlight.insert(n.group, true);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, n](QDBusPendingCallWatcher *w) {
        const QDBusPendingReply<uint> reply = *w;
        w->deleteLater();
        m_inFlight.remove(n.group);
        if (reply.isValid()) {
            m_ids.insert(n.group, reply.value());
            emit delivered(n.group, reply.value());
        } else {
            qCWarning(lcSync).noquote() << "tray: the notification service did not take a notification:" << reply.error().message();
            if (m_fallback)
                m_fallback->show(n);
        }
        flush(n.group);  // a newer one for this group that waited for the id
    });
}

void DBusNotificationSink::onClosed(uint id, uint reason)
{
    Q_UNUSED(reason);
    for (auto it = m_ids.begin(); it != m_ids.end(); ++it) {
        if (it.value() == id) {
            const QString group = it.key();
            m_ids.erase(it);
            emit closed(group);
            return;
        }
    }
}

} // namespace teamai::ui
