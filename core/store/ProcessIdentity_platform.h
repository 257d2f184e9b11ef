#pragma once

#include <QString>
#include <QtGlobal>

// The platform half of ProcessIdentity.cpp: ProcessIdentity_posix.cpp (pidExists on Linux and
// macOS), ProcessIdentity_linux.cpp, ProcessIdentity_mac.cpp, ProcessIdentity_win.cpp.
namespace teamai::processidentity {

/// @brief A process with @p pid exists (it may be a zombie).
bool pidExists(qint64 pid);

/// @brief @p pid exited and is not reaped yet (Linux: state Z or X); false where it cannot be told.
bool isZombie(qint64 pid);

/// @brief When @p pid started, in the platform's units; empty where it cannot be told.
QString startTimeOf(qint64 pid);

} // namespace teamai::processidentity
