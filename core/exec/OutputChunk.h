#pragma once

#include <QByteArray>

namespace teamai::exec {

/// @brief Output a background task produced since the previous read.
struct OutputChunk {
    QByteArray out;
    QByteArray err;
    bool lostOut = false;   ///< stdout bytes were dropped before they were read (unread backlog > cap)
    bool lostErr = false;
    bool finished = false;  ///< the task has finished; this chunk holds the last of its output
};

} // namespace teamai::exec
