#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

namespace teamai::textpacking {

/// @brief Compresses what the ledger stores in bulk (a command's JSON, output tails): raw
/// DEFLATE (zlib, no header), optionally primed with @p dictionary — for a command's JSON, the
/// first JSON stored for its type, so the keys, the URL and the values it shares with it cost
/// almost nothing (a 140-byte skill install becomes about 20 bytes). Empty on failure.
QByteArray pack(QByteArrayView data, QByteArrayView dictionary = {});

/// @brief The bytes pack() was given, with the same @p dictionary; nothing when @p packed is not
/// a complete stream or would unpack to more than @p maxSize bytes.
std::optional<QByteArray> unpack(QByteArrayView packed, QByteArrayView dictionary = {}, qsizetype maxSize = 16 * 1024 * 1024);

} // namespace teamai::textpacking
