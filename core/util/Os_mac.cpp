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

} // namespace teamai::os
