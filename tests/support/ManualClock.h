#pragma once

#include "util/Clock.h"

namespace teamai::test {

/// @brief A Clock that stands still until the test moves it on: it starts at the real time of its
/// construction (both clocks, so real deadlines and stamps compare with it) and then changes only
/// by advance(). KeePassXC's MockClock is the model.
class ManualClock final : public Clock
{
public:
    ManualClock();

    QDateTime nowUtc() const override;
    qint64 steadyNs() const override;

    void advance(qint64 ms) { m_advancedMs += ms; }

private:
    QDateTime m_wallStart;
    qint64 m_steadyStartNs = 0;
    qint64 m_advancedMs = 0;
};

} // namespace teamai::test
