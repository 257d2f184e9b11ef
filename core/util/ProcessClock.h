#pragma once

#include <QDeadlineTimer>

namespace teamai {

/// @brief The process's own monotonic clock, started first thing in main(), so that a budget
/// ("a hook is back within 4.5 s") is a deadline for the whole process — start-up, stdin,
/// requests, starting the worker and exit — not a timer started halfway through.
namespace processclock {

/// @brief Starts the clock; call once, first thing in main(). Later calls do nothing.
void start();

/// @brief Milliseconds since start() (since the first call of any function here when start()
/// was never called).
qint64 elapsedMs();

/// @brief A deadline @p budgetMs after process start (already expired when that has passed).
QDeadlineTimer deadlineFromStart(qint64 budgetMs);

} // namespace processclock
} // namespace teamai
