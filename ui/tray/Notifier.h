#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace teamai::ui {

/// @brief Desktop notifications for commands that ran or failed, rate-limited so that a backend
/// pushing a burst of commands cannot flood the desktop: at most Limits::burst notifications in
/// any Limits::windowMs; what is held back is summed up in one notification ("3 more commands
/// ran…") when the window allows again. The tray shows what show() emits.
class Notifier : public QObject
{
    Q_OBJECT
public:
    enum class Severity { Information, Warning, Critical };
    Q_ENUM(Severity)

    struct Limits {
        int burst = 3;
        qint64 windowMs = 60 * 1000;
    };

    explicit Notifier(QObject *parent = nullptr);

    void setLimits(const Limits &limits) { m_limits = limits; }
    /// @brief Replaces the clock (milliseconds, monotonic) for tests.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    void setEnabled(bool enabled) { m_enabled = enabled; }

    /// @brief Asks for a notification; shown now, or folded into the next summary.
    void notify(const QString &title, const QString &text, Severity severity = Severity::Information);

    /// @brief How many are waiting for the summary.
    int heldBack() const { return m_heldBack; }

signals:
    void show(const QString &title, const QString &text, teamai::ui::Notifier::Severity severity);

private:
    void prune(qint64 now);
    void flushSummary();

    Limits m_limits;
    std::function<qint64()> m_clock;
    QList<qint64> m_shownAt;
    int m_heldBack = 0;
    int m_heldBackFailures = 0;
    QTimer m_summary;
    bool m_enabled = true;
};

} // namespace teamai::ui
