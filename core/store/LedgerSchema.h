#pragma once

#include <QStringList>

namespace teamai::ledgerschema {

/// @brief The ledger's schema version (`PRAGMA user_version`).
constexpr int kVersion = 4;

/// @brief The statements that take a ledger at version @p version - 1 to @p version (1 makes the
/// version 1 tables from nothing). Every ledger, a new one too, goes through every step in order,
/// so a new ledger and a migrated one have the very same schema. Run in one transaction.
///
/// Step 4 rewrites the tables into the compact form (docs/performance.md, 2026-12-04): names
/// stored once (`names`), enumerations as small codes (store/LedgerCodes), a command's JSON packed
/// with its type's dictionary, times after the first as offsets, an ack's payload and the error
/// and version it shares with its command derived instead of stored, and two indexes per table
/// where there were up to ten. It keeps every row (but an ack or attempt whose command or ack is
/// gone: nothing could read those) and every fact.
QStringList step(int version);

/// @brief The page size new ledgers are made with (measured: docs/performance.md).
constexpr int kPageSize = 4096;

} // namespace teamai::ledgerschema
