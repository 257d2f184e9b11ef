#pragma once

#include <QString>
#include <QtGlobal>

/// @brief Small facts about the operating system that several folders need, each answered in
/// the platform's own file (Os_posix.cpp, Os_linux.cpp, Os_mac.cpp, Os_win.cpp; docs/architecture.md,
/// "Platform code"), so the callers need no conditional of their own.
namespace teamai::os {

/// @brief The system's name as Node's `process.platform` spells it (what the reference client
/// reports): `linux`, `darwin`, `win32`; another Unix its kernel's name (`freebsd`).
QString name();

/// @brief The system's own machine id, as read: Linux `/etc/machine-id` (or D-Bus's copy), macOS
/// IOPlatformUUID, Windows MachineGuid. Empty when there is none.
QString machineId();

/// @brief The id of the process that started this one; 0 where it is not known (Windows).
qint64 parentPid();

/// @brief True only when nothing is at @p path ("no such file or folder"): a folder on an
/// unmounted disk or behind a permission error is not missing.
bool isMissing(const QString &path);

/// @brief The file name of the program @p name on this system (`teamai`, `teamai.exe`).
QString programFileName(const QString &name);

/// @brief The system keeps proxy settings of its own that Qt reads (macOS, Windows). Elsewhere
/// there is only the environment, which net/ProxySetup reads itself.
bool hasSystemProxySettings();

/// @brief Hands heap memory the program freed back to the system where the allocator keeps it
/// for reuse (glibc's malloc_trim): after a window of thousands of rows was closed, a resting
/// tray gives back what its rows took (docs/performance.md). Nothing where freed memory
/// returns by itself.
void releaseFreedMemory();

} // namespace teamai::os
