#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace teamai::packedjson {

/// @brief A command's JSON as schema 4 stores it when that is smaller than the text: one format
/// byte, then the JSON DEFLATE-packed (textpacking) with @p dictionary, its type's. The `id` and
/// `type` the row holds in columns anyway are left out of it (format 1) when putting them back
/// gives the very same bytes — as it does for the JSON the ledger writes (QJsonDocument, compact,
/// keys sorted); anything else is packed whole (format 0). Empty when packing gains nothing.
QByteArray pack(QByteArrayView json, QByteArrayView dictionary, qint64 commandId, const QString &type);

/// @brief The JSON pack() was given, with the same dictionary, id and type; nothing when @p packed
/// is not something pack() made (damage).
std::optional<QByteArray> unpack(QByteArrayView packed, QByteArrayView dictionary, qint64 commandId, const QString &type);

} // namespace teamai::packedjson
