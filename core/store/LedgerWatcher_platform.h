#pragma once

#include <QString>
#include <QtGlobal>

// The platform half of LedgerWatcher.cpp (LedgerWatcher_posix.cpp, LedgerWatcher_win.cpp).
namespace teamai::ledgerwatch {

/// @brief Which file @p path names now: 0 when there is none, and a value that changes when the
/// file is replaced where the platform tells files apart.
quint64 fileIdentity(const QString &path);

} // namespace teamai::ledgerwatch
