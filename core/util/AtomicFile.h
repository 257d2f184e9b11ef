#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QFileDevice>
#include <QString>

namespace teamai::atomicfile {

/// @brief Replaces @p path with exactly @p bytes, or leaves the previous file untouched.
///
/// Every file the agent writes goes through here: the bytes go to a new temporary file in the
/// same folder (created with @p permissions, so a secret is never readable by others), are written
/// unbuffered with every short write and error checked, fsynced, their size verified, and only then
/// renamed over @p path. On any failure the temporary file is removed and the error says
/// `<reason> while writing <path>`, e.g. `No space left on device while writing …/config.json`.
/// (A buffered QSaveFile was not enough: on Qt 6.4 its commit() reported success after a write
/// had failed with ENOSPC and left the target at 0 bytes.)
Status write(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions);

/// @brief The message for a failed write of @p path with errno @p code: `<strerror> while writing <path>`.
QString writeError(int code, const QString &path);

} // namespace teamai::atomicfile
