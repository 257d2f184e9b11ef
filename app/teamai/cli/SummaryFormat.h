#pragma once

#include <QJsonObject>
#include <QStringList>

namespace teamai {
struct SyncSummary;
}

namespace teamai::cli {

/// @brief Human lines for `teamai sync`: report, sync, then one line per command with its outcome
/// and its ack.
QStringList formatSummary(const SyncSummary &summary, const QString &tool, const QString &endpoint);

/// @brief The same as one JSON object, for `teamai sync --json`.
QJsonObject summaryToJson(const SyncSummary &summary, const QString &tool, const QString &endpoint);

} // namespace teamai::cli
