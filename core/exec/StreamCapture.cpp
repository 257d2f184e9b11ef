#include "exec/StreamCapture.h"

#include "log/Logging.h"

#include <QFile>

namespace teamai::exec {

StreamCapture::StreamCapture(qint64 memoryCapBytes, QString spillDir)
    : m_tail(memoryCapBytes)
    , m_spillDir(std::move(spillDir))
    , m_cap(qMax<qint64>(0, memoryCapBytes))
{
}

void StreamCapture::append(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return;
    if (!m_spilling && m_total + bytes.size() > m_cap)
        startSpill();
    if (m_spilling && m_spill.isOpen())
        m_spill.write(bytes);
    m_tail.append(bytes);
    m_total += bytes.size();
}

void StreamCapture::startSpill()
{
    m_spilling = true;
    if (const Status opened = m_spill.open(m_spillDir); !opened) {
        // Without a spill file the tail is still kept and the result says truncated.
        qCWarning(lcExec) << "output exceeds the memory cap and cannot be spilled:" << opened.error();
        return;
    }
    // Nothing was dropped yet, so the buffer holds the stream from its first byte.
    Q_ASSERT(!m_tail.wrapped());
    m_spill.write(m_tail.linearView());
}

StreamResult StreamCapture::finish()
{
    StreamResult result;
    result.totalBytes = m_total;
    result.truncated = m_total > m_cap;
    if (m_spill.isOpen()) {
        const QString path = m_spill.path();
        if (m_spill.close())
            result.spillPath = path;
        else if (QFile::remove(path))
            qCWarning(lcExec) << "spill file incomplete, removed:" << path;
    }
    result.text = m_tail.take();
    return result;
}

} // namespace teamai::exec
