#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace teamai::exec {

/// @brief Output a background task produced since the previous read.
struct OutputChunk {
    QByteArray out;
    QByteArray err;
    bool lostOut = false;   ///< stdout bytes were dropped before they were read (unread backlog > cap)
    bool lostErr = false;
    qint64 droppedOut = 0;  ///< how many stdout bytes were dropped (before `out`); > 0 exactly when lostOut
    qint64 droppedErr = 0;
    bool finished = false;  ///< the task has finished; this chunk holds the last of its output
};

} // namespace teamai::exec
