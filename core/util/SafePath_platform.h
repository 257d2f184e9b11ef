#pragma once

#include "util/SafePath.h"

// What SafePath.cpp shares with the platform's write (SafePath_posix.cpp, SafePath_win.cpp).
namespace teamai::safepath {

namespace detail {

/// @brief @p path is @p base or below it (both clean and absolute).
bool isInside(const QString &base, const QString &path);

/// @brief `Refusing to write <path>: it leaves <base> through a link`.
QString leavesError(const QString &path, const QString &base);

} // namespace detail

namespace platform {

/// @brief Writes @p bytes to the already checked @p checked.realPath atomically with
/// @p permissions; @p path is the name the caller gave, for messages.
Status writeChecked(const Resolved &checked, const QString &path, const QByteArray &bytes,
                    QFileDevice::Permissions permissions);

} // namespace platform
} // namespace teamai::safepath
