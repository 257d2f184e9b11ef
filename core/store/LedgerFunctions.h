#pragma once

#include "util/Result.h"

struct sqlite3;

namespace teamai::ledgerfunctions {

/// @brief Registers the ledger's SQL functions on @p db (each connection, when opened):
///
/// - `ledger_unpack_json(raw_json, dictionary, command_id, type)`: a command's JSON as stored: a
///   BLOB packedjson::pack() made is returned unpacked, as TEXT; text as it is; NULL when a BLOB
///   cannot be unpacked (damage). @p dictionary is its type's (`names.dict`), @p type its name.
/// - `ledger_pack_json(text, dictionary, command_id, type)`: packedjson::pack() of the JSON when
///   that is smaller, else the text itself.
/// - `ledger_ack_derivable(payload, id, type, status, error, version)`: 1 when the ack payload
///   JSON @p payload is exactly the one ackpayload::derive() makes of the rest, else 0.
///
/// Deterministic and free of side effects, so SQLite may use them anywhere. Fails only when SQLite
/// is out of memory.
Status registerAll(sqlite3 *db);

} // namespace teamai::ledgerfunctions
