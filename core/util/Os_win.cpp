#include "util/Os.h"

#include <QFileInfo>
#include <QSysInfo>

// Not built on the Linux CI machines: review by reading.
namespace teamai::os {

QString name()
{
    return QStringLiteral("win32");
}

QString machineId()
{
    return QString::fromLatin1(QSysInfo::machineUniqueId());  // MachineGuid
}

qint64 parentPid()
{
    return 0;
}

bool isMissing(const QString &path)
{
    return !QFileInfo::exists(path);
}

QString programFileName(const QString &name)
{
    return name + QStringLiteral(".exe");
}

bool hasSystemProxySettings()
{
    return true;
}

void releaseFreedMemory()
{
    // The heap manager decommits freed pages by itself.
}

} // namespace teamai::os
