#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QtGlobal>

namespace teamai::exec {

/// @brief Keeps the last `capacity` bytes appended to it, in O(chunk) per append: once full it
/// becomes a ring, so a child writing gigabytes never makes us move megabytes per read.
/// Internal to core/exec.
class TailBuffer
{
public:
    explicit TailBuffer(qint64 capacity);

    void append(QByteArrayView bytes);
    /// @brief True when bytes were pushed out since the last take().
    bool dropped() const { return m_droppedBytes > 0; }
    /// @brief How many bytes were pushed out since the last take().
    qint64 droppedBytes() const { return m_droppedBytes; }
    qint64 size() const { return m_data.size(); }
    bool wrapped() const { return m_wrapped; }
    /// @brief The contents while nothing was dropped yet (only valid when !wrapped()).
    QByteArrayView linearView() const { return m_data; }
    /// @brief Returns the contents oldest first and empties the buffer. Rotates in place, so the
    /// peak memory stays at one capacity.
    QByteArray take();

private:
    qint64 m_capacity;
    QByteArray m_data;
    qint64 m_start = 0;     // index of the oldest byte once wrapped
    bool m_wrapped = false;
    qint64 m_droppedBytes = 0;
};

} // namespace teamai::exec
