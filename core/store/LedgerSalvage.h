#pragma once

#include "store/FinishedIds.h"

#include <QList>
#include <QString>

struct sqlite3;

namespace teamai::ledgersalvage {

/// @brief What was brought over from a damaged ledger into the fresh one (named so it does not
/// hide util/Result.h's Result<T> in this namespace).
struct Salvaged {
    int commands = 0;     ///< command rows read back from the damaged file (and its WAL)
    int acks = 0;         ///< ack rows read back
    int finishedIds = 0;  ///< commands restored as finished from the finished-ids record alone
};

/// @brief The schema version (`user_version`) in the header of the database file @p path; -1 when
/// the header is not a database's.
int schemaVersionOf(const QString &path);

/// @brief Copies every row of the damaged ledger @p aside (with its `-wal`) that can still be read
/// into the fresh, migrated ledger on @p db.
///
/// Works on a scratch copy, so the set-aside files stay byte for byte as they were. A garbage
/// 100-byte header is replaced by a plain one first (the page size taken from the WAL): in a
/// ledger whose rows all live in the WAL that header is all that stands between us and them. Rows
/// are read one rowid at a time, so a damaged page loses the rows on it, not the whole table.
Salvaged copyReadableRows(sqlite3 *db, const QString &aside);

/// @brief Enters each of @p entries that the ledger on @p db does not know yet as a finished
/// command, with a delivered ack of its outcome to repeat should the backend send it again.
/// Returns how many were entered.
int importFinishedIds(sqlite3 *db, const QList<finishedids::Entry> &entries);

} // namespace teamai::ledgersalvage
