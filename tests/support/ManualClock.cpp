#include "ManualClock.h"

namespace teamai::test {

ManualClock::ManualClock()
    : m_wallStart(QDateTime::currentDateTimeUtc())
    , m_steadyStartNs(QDeadlineTimer::current().deadlineNSecs())
{
}

QDateTime ManualClock::nowUtc() const
{
    return m_wallStart.addMSecs(m_advancedMs);
}

qint64 ManualClock::steadyNs() const
{
    return m_steadyStartNs + m_advancedMs * 1000000;
}

} // namespace teamai::test
