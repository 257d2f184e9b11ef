#pragma once

#include "util/Result.h"

#include <QList>
#include <QString>

namespace teamai::finishedids {

/// @brief One finished command: which agent it came for, its id, its final state and type.
struct Entry {
    QString agent;
    qint64 id = 0;
    QString state;  ///< a final CommandState name: succeeded, failed, rejected, skipped, interrupted
    QString type;
};

/// @brief The record beside @p ledgerPath: `<folder>/finished-ids`.
///
/// A small append-only text file, one `<agent> <id> <state> <type>` line per finished command,
/// fsynced, written besides the ledger row. It is the ledger's safety net: when a damaged ledger
/// has to be set aside, every id in here goes into the fresh ledger as finished, so a command
/// that ran is never run again even when no row of it could be read back.
QString pathFor(const QString &ledgerPath);

/// @brief Appends @p entry (and compacts the file when it has grown past about 1 MiB, keeping
/// the newest entries). Fails when it could not be written durably.
Status append(const QString &path, const Entry &entry);

/// @brief append() for several entries: one write and one fsync for all of them (a batch of
/// results stored in one transaction). Nothing is written for an empty list.
Status appendAll(const QString &path, const QList<Entry> &entries);

/// @brief Every well-formed entry of @p path, oldest first (a torn last line is skipped).
QList<Entry> readAll(const QString &path);

} // namespace teamai::finishedids
