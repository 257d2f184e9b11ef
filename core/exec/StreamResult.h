#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

namespace teamai::exec {

/// @brief One captured output stream (stdout or stderr) of a finished child.
struct StreamResult {
    QByteArray text;        ///< the whole stream if not truncated, else its last memoryCapBytes
    bool truncated = false;
    QString spillPath;      ///< the complete stream, byte for byte, when truncated (empty if the spill failed)
    qint64 totalBytes = 0;  ///< bytes the child wrote to the stream
};

} // namespace teamai::exec
