#pragma once

#include "tray/NotificationKind.h"
#include "tray/NotificationSink.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <functional>

namespace teamai::ui {

/// @brief One thing worth telling the user, with the title and sentence it gets when it is shown
/// alone ("Blocked by your setting", "Command 7 (cmd) for claude was not run: …").
struct NotificationEvent {
    NotificationKind kind = NotificationKind::Succeeded;
    QString title;
    QString text;
};

/// @brief Desktop notifications for what sync rounds did, grouped so that the desktop never
/// floods: the events of a round become one notification, and later rounds update that same
/// notification in place (D-Bus `replaces_id`) with the running count, until the desktop closes
/// it or it is older than groupWindowMs; then a new one starts. Kinds the user turned off in
/// Settings are dropped before anything is counted.
///
/// Usage: setSink() once (the D-Bus service, the tray balloon, or a test's recorder), then
/// post() the events of each round. Without a sink only show() is emitted.
class Notifier : public QObject
{
    Q_OBJECT
public:
    using Severity = Notification::Severity;
    static constexpr qint64 kDefaultGroupWindowMs = 10 * 60 * 1000;
    /// The body lists at most this many events by name; the rest are only counted.
    static constexpr int kListedEvents = 3;

    explicit Notifier(QObject *parent = nullptr);

    /// @brief Where notifications go (not owned; may be null).
    void setSink(NotificationSink *sink);
    NotificationSink *sink() const { return m_sink; }
    /// @brief Replaces the clock (milliseconds, monotonic) for tests.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    void setGroupWindowMs(qint64 ms) { m_groupWindowMs = ms; }
    void setEnabledKinds(const QSet<NotificationKind> &kinds) { m_enabledKinds = kinds; }
    QSet<NotificationKind> enabledKinds() const { return m_enabledKinds; }

    /// @brief The events of one round: at most one notification, or none when every event is of
    /// a kind the user turned off.
    void post(const QList<NotificationEvent> &events);

    /// @brief The notification shown last (tests, status).
    const Notification &last() const { return m_last; }

signals:
    void show(const QString &title, const QString &text, teamai::ui::Notifier::Severity severity);
    void shown(const teamai::ui::Notification &notification);

private:
    void startNewGroupIfStale(qint64 now);
    Notification compose() const;

    QPointer<NotificationSink> m_sink;
    std::function<qint64()> m_clock;
    qint64 m_groupWindowMs = kDefaultGroupWindowMs;
    QSet<NotificationKind> m_enabledKinds;
    int m_generation = 0;
    qint64 m_groupShownAt = -1;  ///< -1: no notification of the current group is on the desktop
    QList<NotificationEvent> m_events;  ///< what the current group sums up, oldest first
    QMap<NotificationKind, int> m_counts;
    int m_total = 0;
    Notification m_last;
};

} // namespace teamai::ui
