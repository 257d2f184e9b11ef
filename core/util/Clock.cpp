#include "util/Clock.h"

namespace teamai {
namespace {

class SystemClock final : public Clock
{
public:
    QDateTime nowUtc() const override { return QDateTime::currentDateTimeUtc(); }
    qint64 steadyNs() const override { return QDeadlineTimer::current().deadlineNSecs(); }
};

} // namespace

qint64 Clock::remainingMs(const QDeadlineTimer &deadline) const
{
    if (deadline.isForever())
        return -1;
    const qint64 leftNs = deadline.deadlineNSecs() - steadyNs();
    return leftNs <= 0 ? 0 : (leftNs + 999999) / 1000000;  // rounded up, as QDeadlineTimer::remainingTime()
}

const Clock &Clock::system()
{
    static const SystemClock clock;
    return clock;
}

} // namespace teamai
