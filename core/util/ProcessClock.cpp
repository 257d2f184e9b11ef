#include "util/ProcessClock.h"

#include <QElapsedTimer>

#include <algorithm>

namespace teamai::processclock {
namespace {

QElapsedTimer &clock()
{
    static QElapsedTimer timer;
    if (!timer.isValid())
        timer.start();
    return timer;
}

} // namespace

void start()
{
    clock();
}

qint64 elapsedMs()
{
    return clock().elapsed();
}

QDeadlineTimer deadlineFromStart(qint64 budgetMs)
{
    return QDeadlineTimer(std::max<qint64>(0, budgetMs - elapsedMs()));
}

} // namespace teamai::processclock
