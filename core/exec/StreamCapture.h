#pragma once

#include "exec/SpillFile.h"
#include "exec/StreamResult.h"
#include "exec/TailBuffer.h"

#include <QByteArrayView>
#include <QString>

namespace teamai::exec {

/// @brief Captures one output stream within a fixed memory budget: the stream stays in memory up
/// to the cap; past it only the tail is kept and the complete stream goes to a SpillFile (head
/// first, then everything else written through). Internal to core/exec.
class StreamCapture
{
public:
    StreamCapture(qint64 memoryCapBytes, QString spillDir);

    void append(QByteArrayView bytes);
    /// @brief Closes the spill file and hands over the result; the capture is empty afterwards.
    StreamResult finish();

private:
    void startSpill();

    TailBuffer m_tail;
    QString m_spillDir;
    SpillFile m_spill;
    qint64 m_cap;
    qint64 m_total = 0;
    bool m_spilling = false;
};

} // namespace teamai::exec
