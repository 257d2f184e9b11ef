#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QString>

namespace teamai::plugins {

/// @brief The two state files of the reference client's plugin lifecycle, in its format, under
/// the agent state folder (both clients read and write them):
/// - `plugins.json`: `{<slug>: {slug, version?, ready, installedAt?, uninstallCmd, cmdFingerprint?,
///   lastAttemptAt?, lastError?}}`, what is installed and how the last attempt went;
/// - `plugin-pull.json`: `{lastPullAt?, lastFailAt?}` in milliseconds since the epoch, when
///   get-config was last read successfully and when it last failed.
/// Unknown fields are kept. Writes are atomic and owner-only.
namespace state {

QString pluginsPath();
QString pullPath();

/// @brief plugins.json (an empty object when missing or unreadable).
QJsonObject readPlugins();
Status writePlugins(const QJsonObject &plugins);

QJsonObject readPull();
Status writePull(const QJsonObject &pull);

/// @brief The reference's cadence: get-config is read at most every 12 hours, and not within an
/// hour of a failure. @p nowMs: milliseconds since the epoch.
bool pullDue(const QJsonObject &pull, qint64 nowMs);

inline constexpr qint64 kPullIntervalMs = 12LL * 60 * 60 * 1000;
inline constexpr qint64 kFailBackoffMs = 60LL * 60 * 1000;

} // namespace state
} // namespace teamai::plugins
