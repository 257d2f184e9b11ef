#include "util/PosixFile.h"

#include <QFileInfo>

namespace teamai::posixfile {

QString pathOf(int fd)
{
    return QFileInfo(QStringLiteral("/proc/self/fd/%1").arg(fd)).symLinkTarget();
}

} // namespace teamai::posixfile
