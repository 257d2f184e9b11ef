#pragma once

#include "store/FinishedIds.h"

#include <QByteArray>

// What FinishedIds.cpp shares with the platform's appendAll() (FinishedIds_posix.cpp,
// FinishedIds_win.cpp).
namespace teamai::finishedids::detail {

/// ~40 bytes a line: compaction starts near 25,000 entries.
inline constexpr qint64 kCompactAboveBytes = 1024 * 1024;

/// @brief `<agent> <id> <state> <type>\n`.
QByteArray lineOf(const Entry &entry);

/// @brief The lines of @p entries, in order.
QByteArray linesOf(const QList<Entry> &entries);

/// @brief Replaces @p path with the newest entries of @p bytes (a failure leaves the longer file).
void compact(const QString &path, const QByteArray &bytes);

} // namespace teamai::finishedids::detail
