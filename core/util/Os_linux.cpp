#include "util/Os.h"

#include <QFile>
#include <QSysInfo>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace teamai::os {

QString name()
{
    return QSysInfo::kernelType();  // "linux"; freebsd, openbsd… — the names Node uses too
}

QString machineId()
{
    // Read the files directly: QSysInfo::machineUniqueId() falls back to other files and formats.
    for (const char *path : {"/etc/machine-id", "/var/lib/dbus/machine-id"}) {
        QFile file(QString::fromLatin1(path));
        const QString id = file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed() : QString();
        if (!id.isEmpty())
            return id;
    }
    return {};
}

bool hasSystemProxySettings()
{
    return false;
}

void releaseFreedMemory()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

} // namespace teamai::os
