#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace teamai {

/// @brief The outcome of the most recent sync round, for `teamai status` and the tray.
struct SyncRecord {
    QDateTime time;
    bool ok = false;
    QString message;
    QString tool;
};

/// @brief `last-sync.json` next to the ledger: what the latest sync round of any agent process (a
/// hook, the worker, `teamai sync`, the tray) did.
///
/// It is a display hint, not a record, so it lives outside the ledger: a hook that found nothing
/// to do then writes nothing to the database, whose write-ahead log every later process would
/// otherwise have to replay when it opens it. Rewritten in place by each round under a file lock,
/// without an fsync: a reader sees the old or the new outcome, never a mix of both.
namespace lastsync {

inline constexpr char kFileName[] = "last-sync.json";
/// Longer error messages are cut: the tray shows 120 characters, `teamai status` one line.
inline constexpr int kMaxMessageLength = 500;

/// @brief In the agent's state folder, next to the ledger.
QString defaultPath();

/// @brief Fails when the file cannot be written; the round itself still counts.
Status save(const SyncRecord &record, const QString &path = defaultPath());

/// @brief Nothing when no round was recorded yet or the file is unreadable.
std::optional<SyncRecord> load(const QString &path = defaultPath());

} // namespace lastsync
} // namespace teamai
