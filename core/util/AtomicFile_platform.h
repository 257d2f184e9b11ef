#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QFileDevice>
#include <QString>

// The platform half of atomicfile::write() (AtomicFile_posix.cpp, AtomicFile_win.cpp).
namespace teamai::atomicfile::platform {

/// @brief Replaces @p path (whose folder exists) with @p bytes through a temporary sibling, as
/// atomicfile::write() promises.
Status replace(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions);

} // namespace teamai::atomicfile::platform
