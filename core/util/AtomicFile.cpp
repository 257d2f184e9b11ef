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

bool write(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions, QString *error)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder)) {
        if (error)
            *error = QStringLiteral("cannot create folder %1").arg(folder);
        return false;
    }
    return platform::replace(path, bytes, permissions, error);
}

} // namespace teamai::atomicfile
