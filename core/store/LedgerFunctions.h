#pragma once

struct sqlite3;

namespace teamai::ledgerfunctions {

/// @brief Registers the ledger's SQL functions on @p db (each connection, when opened):
///
/// - `ledger_unpack(value, dictionary)`: a command's JSON or an output tail as stored: a BLOB
///   made by textpacking::pack() with @p dictionary (NULL: none) is returned unpacked, as TEXT
///   for a JSON (`ledger_unpack_json`) or as a BLOB for a tail (`ledger_unpack_blob`); anything
///   else is returned as it is. NULL when a packed value cannot be unpacked (damage).
/// - `ledger_pack_json(text, dictionary)`: the JSON packed with @p dictionary when that is
///   smaller, else the text itself (what the migration to schema 4 stores).
/// - `ledger_ack_derivable(payload, id, type, status, error, version)`: 1 when the ack payload
///   JSON @p payload is exactly the one ackpayload::derive() makes of the rest, else 0.
///
/// Deterministic and free of side effects, so SQLite may use them anywhere.
bool registerAll(sqlite3 *db);

} // namespace teamai::ledgerfunctions
