#include "exec/TailBuffer.h"

#include <algorithm>
#include <cstring>

namespace teamai::exec {
namespace {
constexpr qint64 kReserveAllAbove = 64 * 1024;
}

TailBuffer::TailBuffer(qint64 capacity)
    : m_capacity(std::max<qint64>(0, capacity))
{
}

void TailBuffer::append(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return;
    if (m_capacity == 0) {
        m_droppedBytes += bytes.size();
        return;
    }
    // Only the last `capacity` bytes of an oversized chunk can survive anyway.
    if (bytes.size() > m_capacity) {
        m_droppedBytes += bytes.size() - m_capacity;
        bytes = bytes.last(m_capacity);
    }
    const qint64 room = m_capacity - m_data.size();
    if (room > 0) {
        // Growing a big buffer step by step would copy it at each step and briefly hold two
        // copies; one reservation of the whole capacity costs nothing until pages are written.
        if (m_data.size() + bytes.size() > m_data.capacity() && m_data.size() + bytes.size() > kReserveAllAbove)
            m_data.reserve(m_capacity);
        const qint64 linear = std::min<qint64>(room, bytes.size());
        m_data.append(bytes.first(linear));
        bytes = bytes.sliced(linear);
        if (bytes.isEmpty())
            return;
    }
    // Full: overwrite the oldest bytes, wrapping around the end.
    // Every byte written from here on overwrites one that was never read.
    m_wrapped = true;
    m_droppedBytes += bytes.size();
    char *data = m_data.data();
    while (!bytes.isEmpty()) {
        const qint64 n = std::min<qint64>(m_capacity - m_start, bytes.size());
        std::memcpy(data + m_start, bytes.data(), size_t(n));
        m_start = (m_start + n) % m_capacity;
        bytes = bytes.sliced(n);
    }
}

QByteArray TailBuffer::take()
{
    if (m_wrapped && m_start != 0)
        std::rotate(m_data.begin(), m_data.begin() + m_start, m_data.end());
    QByteArray out = std::move(m_data);
    m_data = QByteArray();
    m_start = 0;
    m_wrapped = false;
    m_droppedBytes = 0;
    return out;
}

} // namespace teamai::exec
