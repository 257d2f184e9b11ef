#pragma once

#include <QByteArray>
#include <QFileDevice>
#include <QString>

#include <sys/types.h>

/// @brief Small POSIX facts several platform files need, in one place. Included only by
/// `_posix`/`_linux`/`_mac` files (docs/architecture.md, "Platform code"); Windows has none of it.
namespace teamai::posixfile {

/// @brief The mode bits of @p permissions (0600 for ReadOwner | WriteOwner).
mode_t modeOf(QFileDevice::Permissions permissions);

/// @brief Writes all of @p bytes to @p fd, retrying short writes and EINTR: 0, or the errno of
/// the failure (ENOSPC when the kernel took nothing: the device is full).
int writeAll(int fd, const QByteArray &bytes);

/// @brief The system's text for errno @p code ("No space left on device").
QString errorText(int code);

/// @brief The path of the folder or file @p fd really is, where the system tells (Linux:
/// /proc/self/fd); empty where it does not.
QString pathOf(int fd);

} // namespace teamai::posixfile
