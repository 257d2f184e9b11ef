#include "tray/Notifier.h"

#include <QElapsedTimer>

namespace teamai::ui {

Notifier::Notifier(QObject *parent)
    : QObject(parent)
{
    m_clock = [] {
        static QElapsedTimer clock;
        if (!clock.isValid())
            clock.start();
        return clock.elapsed();
    };
    const QList<NotificationKind> kinds = allNotificationKinds();
    m_enabledKinds = QSet<NotificationKind>(kinds.begin(), kinds.end());
}

void Notifier::setSink(NotificationSink *sink)
{
    if (m_sink)
        disconnect(m_sink, nullptr, this, nullptr);
    m_sink = sink;
    if (!sink)
        return;
    connect(sink, &NotificationSink::closed, this, [this](const QString &group) {
        if (group == m_last.group)
            m_groupShownAt = -1;  // gone from the desktop: the next event starts afresh
    });
}

void Notifier::startNewGroupIfStale(qint64 now)
{
    if (m_groupShownAt >= 0 && now - m_groupShownAt < m_groupWindowMs)
        return;
    ++m_generation;
    m_events.clear();
    m_counts.clear();
    m_total = 0;
}

void Notifier::post(const QList<NotificationEvent> &events)
{
    QList<NotificationEvent> wanted;
    for (const NotificationEvent &event : events) {
        if (m_enabledKinds.contains(event.kind))
            wanted << event;
    }
    if (wanted.isEmpty())
        return;
    const qint64 now = m_clock();
    startNewGroupIfStale(now);
    for (const NotificationEvent &event : wanted) {
        m_events.append(event);
        ++m_counts[event.kind];
        ++m_total;
    }
    while (m_events.size() > kListedEvents)
        m_events.removeFirst();
    m_groupShownAt = now;
    m_last = compose();
    emit shown(m_last);
    emit show(m_last.title, m_last.body, m_last.severity);
    if (m_sink)
        m_sink->show(m_last);
}

Notification Notifier::compose() const
{
    Notification n;
    n.group = QStringLiteral("commands-%1").arg(m_generation);
    n.count = m_total;
    const bool troubled = m_counts.value(NotificationKind::Failed) > 0 || m_counts.value(NotificationKind::Blocked) > 0;
    n.severity = troubled ? Severity::Warning : Severity::Information;
    if (m_total == 1) {
        n.title = m_events.constLast().title;
        n.body = m_events.constLast().text;
        return n;
    }
    QStringList lines;
    if (m_counts.size() == 1) {
        switch (m_counts.firstKey()) {
        case NotificationKind::Blocked: n.title = tr("%n commands blocked by your setting", nullptr, m_total); break;
        case NotificationKind::Failed: n.title = tr("%n commands failed", nullptr, m_total); break;
        case NotificationKind::Installed: n.title = tr("%n items installed or removed", nullptr, m_total); break;
        case NotificationKind::Succeeded: n.title = tr("%n commands ran", nullptr, m_total); break;
        }
    } else {
        n.title = tr("%n remote commands finished", nullptr, m_total);
        for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it) {
            switch (it.key()) {
            case NotificationKind::Blocked: lines << tr("Blocked by your setting: %1").arg(it.value()); break;
            case NotificationKind::Failed: lines << tr("Failed: %1").arg(it.value()); break;
            case NotificationKind::Installed: lines << tr("Installed or removed: %1").arg(it.value()); break;
            case NotificationKind::Succeeded: lines << tr("Ran: %1").arg(it.value()); break;
            }
        }
    }
    for (auto it = m_events.crbegin(); it != m_events.crend(); ++it)
        lines << it->text;
    if (m_total > m_events.size())
        lines << tr("…and %n more.", nullptr, int(m_total - m_events.size()));
    lines << tr("Open Commands… for details.");
    n.body = lines.join(u'\n');
    return n;
}

} // namespace teamai::ui
