#include "util/Os.h"

#include <QSysInfo>

namespace teamai::os {

QString name()
{
    return QStringLiteral("darwin");
}

QString machineId()
{
    return QString::fromLatin1(QSysInfo::machineUniqueId());  // IOPlatformUUID
}

bool hasSystemProxySettings()
{
    return true;
}

void releaseFreedMemory()
{
    // The system's allocator returns freed pages by itself.
}

} // namespace teamai::os
