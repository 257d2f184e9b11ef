#include "store/LedgerWatcher_platform.h"

#include <QFile>

#include <sys/stat.h>

namespace teamai::ledgerwatch {

quint64 fileIdentity(const QString &path)
{
    struct stat info;
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return 0;
    return (quint64(info.st_dev) << 40) ^ quint64(info.st_ino) ^ 1;
}

} // namespace teamai::ledgerwatch
