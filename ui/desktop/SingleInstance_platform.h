#pragma once

#include <QString>

// The platform half of SingleInstance.cpp (SingleInstance_posix.cpp, SingleInstance_win.cpp).
namespace teamai::ui::singleinstance {

/// @brief The local server's name for @p stateDir, whose path hashes to @p hash.
QString serverName(const QString &stateDir, const QString &hash);

} // namespace teamai::ui::singleinstance
