#include "store/LedgerWatcher_platform.h"

#include <QFileInfo>

namespace teamai::ledgerwatch {

// Only "exists" is known here: watchers on Windows follow paths, not files, so a replaced file
// needs no re-adding.
quint64 fileIdentity(const QString &path)
{
    return QFileInfo::exists(path) ? 1 : 0;
}

} // namespace teamai::ledgerwatch
