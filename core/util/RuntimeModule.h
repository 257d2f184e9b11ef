#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai {

/// @brief Loads one of the agent's own optional modules on first use and finds an entry point in it.
///
/// The credential store (QtKeychain, with QtDBus, libdbus, libsystemd and libgcrypt behind it) and
/// the zip reader (libarchive, with its compression and XML libraries) live in modules of their
/// own, `libteamai-keychain.so` and `libteamai-archive.so`, because linking them into `teamai`
/// would make every agent hook load and relocate about fifteen more libraries — about 1.5 ms on
/// each of the many hooks an hour — for code only a keychain token or a skill download needs.
///
/// Where they are found: by absolute path, relative to the running program — the installed
/// `<libdir>/teamai/modules` (next to the program on Windows and macOS), or this build tree's
/// `lib/teamai` for a program run from inside the build tree — never through a search path, so a
/// module is taken from this installation or this build only. A module stays loaded for the life
/// of the process.
///
/// Each entry point's name carries the version of the interface it returns (`…_v1`), so a module
/// left from another version is refused with a clear error instead of being misused.
class RuntimeModule
{
public:
    /// @brief The address of @p symbol in module @p name (`keychain`, `archive`), or the error
    /// saying what is missing and what the user can do. Thread-safe.
    static Result<void *> resolve(const char *name, const char *symbol);

    /// @brief The file name of module @p name on this platform (`libteamai-keychain.so`).
    static QString fileName(const char *name);
};

} // namespace teamai
