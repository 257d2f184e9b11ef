#include "tray/Notifier.h"

#include <QElapsedTimer>

#include <algorithm>

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
    m_summary.setSingleShot(true);
    connect(&m_summary, &QTimer::timeout, this, &Notifier::flushSummary);
}

void Notifier::prune(qint64 now)
{
    m_shownAt.removeIf([&](qint64 at) { return now - at >= m_limits.windowMs; });
}

void Notifier::notify(const QString &title, const QString &text, Severity severity)
{
    if (!m_enabled)
        return;
    const qint64 now = m_clock();
    prune(now);
    if (m_shownAt.size() < m_limits.burst && m_heldBack == 0) {
        m_shownAt.append(now);
        emit show(title, text, severity);
        return;
    }
    ++m_heldBack;
    if (severity != Severity::Information)
        ++m_heldBackFailures;
    if (!m_summary.isActive()) {
        // The summary goes out when the oldest notification leaves the window.
        const qint64 oldest = m_shownAt.isEmpty() ? now : m_shownAt.constFirst();
        m_summary.start(int(std::max<qint64>(0, oldest + m_limits.windowMs - now)));
    }
}

void Notifier::flushSummary()
{
    if (m_heldBack == 0)
        return;
    const qint64 now = m_clock();
    prune(now);
    if (m_shownAt.size() >= m_limits.burst) {
        m_summary.start(int(std::max<qint64>(1, m_shownAt.constFirst() + m_limits.windowMs - now)));
        return;
    }
    const int count = std::exchange(m_heldBack, 0);
    const int failures = std::exchange(m_heldBackFailures, 0);
    QString text = count == 1 ? QStringLiteral("1 more remote command finished") : QStringLiteral("%1 more remote commands finished").arg(count);
    if (failures > 0)
        text += QStringLiteral(" (%1 failed)").arg(failures);
    text += QStringLiteral(". Open Commands… for details.");
    m_shownAt.append(now);
    emit show(QStringLiteral("TeamAI Agent"), text, failures > 0 ? Severity::Warning : Severity::Information);
}

} // namespace teamai::ui
