#pragma once

#include <QString>

// The platform half of quoteProgram() (DispatchHooks_posix.cpp, DispatchHooks_win.cpp).
namespace teamai::agenthooks::dispatch {

/// @brief @p text is made only of characters no shell treats specially.
bool isShellSafe(const QString &text);

namespace platform {

/// @brief @p path, which is not shell-safe, quoted for the agent's shell.
QString quoteUnsafeProgram(const QString &path);

} // namespace platform
} // namespace teamai::agenthooks::dispatch
