#pragma once

#include <QByteArray>
#include <QString>

namespace teamai::devserver {

/// @brief A gzip stream that inflates to @p bytes zero bytes (a decompression bomb: tens of
/// KiB on the wire, any size once decoded). Built a chunk at a time, so the plain bytes never sit
/// in memory. Empty with @p error on failure.
QByteArray gzipOfZeros(qint64 bytes, QString *error);

} // namespace teamai::devserver
