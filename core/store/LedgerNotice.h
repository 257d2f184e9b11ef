#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

namespace teamai::ledgernotice {

/// @brief That a damaged ledger was set aside: when, why, where its files are now and what
/// was brought over into the fresh one. `teamai doctor`, `teamai status` and the tray show it
/// until the person removes the notice file (`ledger-set-aside.json` beside the ledger).
struct Notice {
    QDateTime time;
    QString reason;
    QStringList files;  ///< the set-aside database, then its WAL and SHM when there were any
    int recoveredCommands = 0;
    int recoveredAcks = 0;
    int restoredFinishedIds = 0;

    /// @brief One plain paragraph for people.
    QString describe(const QString &noticePath) const;
};

QString pathFor(const QString &ledgerPath);
Status save(const QString &path, const Notice &notice);
std::optional<Notice> load(const QString &path);

} // namespace teamai::ledgernotice
