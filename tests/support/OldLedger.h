#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai::test {

/// @brief Rewrites the (closed) schema-4 ledger at @p path as a ledger of schema @p version (1–3)
/// holding the same rows the way that version stored them — names instead of ids, state names,
/// absolute times, the JSON as text, every ack's payload, error and version written out — so a
/// test can open it and check that the migration to schema 4 keeps every row and every fact.
Status rewriteAsOldLedger(const QString &path, int version);

} // namespace teamai::test
