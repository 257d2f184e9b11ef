#pragma once

#include <QDateTime>
#include <QDeadlineTimer>

namespace teamai {

/// @brief Where a decision reads the time: the wall clock for what is stamped and shown, the
/// steady clock (QDeadlineTimer's) for budgets. Code that decides by time takes a Clock, so a test
/// can move time on instead of waiting for it (tests/support/ManualClock). Not for timers that
/// fire (QTimer, transfer timeouts): those stay on the event loop.
class Clock
{
public:
    virtual ~Clock() = default;

    /// @brief The wall-clock time, UTC.
    virtual QDateTime nowUtc() const = 0;
    /// @brief Monotonic nanoseconds on QDeadlineTimer's scale (QDeadlineTimer::deadlineNSecs()).
    virtual qint64 steadyNs() const = 0;

    qint64 steadyMs() const { return steadyNs() / 1000000; }
    /// @brief Milliseconds this clock says are left before @p deadline: -1 for a deadline that
    /// never expires, 0 once it has passed.
    qint64 remainingMs(const QDeadlineTimer &deadline) const;

    /// @brief The real clocks; what the product uses.
    static const Clock &system();
};

} // namespace teamai
