#include "models/OutputFollower.h"

namespace teamai::ui {

OutputFollower::OutputFollower(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &OutputFollower::poll);
}

void OutputFollower::follow(const output::OutputKey &key)
{
    m_key = key;
    m_cursor = {};
    m_state = {};
    m_following = true;
    m_complete = false;
    poll();
}

void OutputFollower::stop()
{
    m_following = false;
    m_complete = false;
    m_state = {};
    updateTimer();
}

void OutputFollower::setVisible(bool visible)
{
    m_visible = visible;
    if (visible && m_following && !m_complete)
        poll();  // what was printed while the window was hidden
    updateTimer();
}

void OutputFollower::poll()
{
    // A burst larger than one read is read at once, so the view keeps up with a fast writer.
    for (int i = 0; m_following && !m_complete && i < kReadsPerPoll; ++i) {
        if (!readOnce())
            break;
    }
    updateTimer();
}

bool OutputFollower::readOnce()
{
    const output::OutputDelta delta = output::read(m_key, m_cursor, kReadBytes, true);
    m_state = delta.state;
    m_cursor = delta.next;
    const bool lossy = delta.lossyOut || delta.lossyErr;
    if (!delta.out.isEmpty() || !delta.err.isEmpty() || lossy)
        emit appended(delta.out, delta.err, lossy);
    if (delta.complete) {
        m_complete = true;
        emit completed();
        return false;
    }
    return delta.out.size() >= kReadBytes || delta.err.size() >= kReadBytes;
}

void OutputFollower::updateTimer()
{
    const bool wanted = m_following && m_visible && !m_complete;
    if (wanted && !m_timer.isActive())
        m_timer.start();
    else if (!wanted && m_timer.isActive())
        m_timer.stop();
}

} // namespace teamai::ui
