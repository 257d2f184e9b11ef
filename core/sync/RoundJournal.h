#pragma once

#include <QString>

namespace teamai {

struct SyncSummary;

/// @brief Records what went wrong in a hook's round in ~/.teamai/reporter/errors.jsonl (a failed
/// report, a failed sync, an undelivered ack), one entry each under the hook's @p event, whether
/// the hook ran the round itself or the worker ran it for the hook.
void journalRound(const QString &event, const QString &tool, const SyncSummary &summary);

} // namespace teamai
