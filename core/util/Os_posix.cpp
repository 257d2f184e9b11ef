#include "util/Os.h"

#include <QFile>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai::os {

qint64 parentPid()
{
    return qint64(::getppid());
}

bool isMissing(const QString &path)
{
    struct stat info {};
    const QByteArray native = QFile::encodeName(path);
    return ::stat(native.constData(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR);
}

QString programFileName(const QString &name)
{
    return name;
}

} // namespace teamai::os
