#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai::resources {

/// @brief Folder operations that never show a half-written folder under its final name. All
/// temporary folders are siblings of the target (same file system, so renames are atomic) and
/// start with `.teamai-`, which the report skips.
namespace dirswap {

/// @brief A fresh sibling path of @p target for @p purpose ("staging", "old"), not yet created.
QString siblingPath(const QString &target, const QString &purpose);

/// @brief Puts the complete folder @p staging in place of @p target. Where the OS can exchange
/// two names atomically (Linux renameat2 RENAME_EXCHANGE) a reader sees either the old or the new
/// folder at every instant; elsewhere the old one is renamed aside first and put back if the new
/// one cannot take its place. Either way the name never holds a mix of both. The old content is
/// deleted afterwards (open files stay readable until closed, on POSIX).
Status replace(const QString &staging, const QString &target);

/// @brief Removes @p target by renaming it aside first, then deleting it.
Status remove(const QString &target);

/// @brief Deletes `.teamai-*` leftovers of a crashed run in @p parent that are over an hour old
/// (younger ones may belong to a run in progress in another process).
void removeStaleLeftovers(const QString &parent);

} // namespace dirswap
} // namespace teamai::resources
