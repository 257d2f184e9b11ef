#include "util/AtomicFile.h"

#include "util/AtomicFile_platform.h"

#include <QDir>
#include <QFileInfo>

#include <cstring>

namespace teamai::atomicfile {

QString writeError(int code, const QString &path)
{
    return QStringLiteral("%1 while writing %2").arg(QString::fromLocal8Bit(std::strerror(code)), path);
}

Status write(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder))
        return Error{QStringLiteral("cannot create folder %1").arg(folder)};
    return platform::replace(path, bytes, permissions);
}

} // namespace teamai::atomicfile
