#include "util/SafePath_platform.h"

#include "util/PosixFile.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai::safepath::platform {
namespace {

using detail::isInside;
using detail::leavesError;

QString systemError()
{
    return posixfile::errorText(errno);
}

bool writeAllSynced(int fd, const QByteArray &bytes)
{
    if (const int code = posixfile::writeAll(fd, bytes)) {
        errno = code;
        return false;
    }
    return ::fsync(fd) == 0;
}

} // namespace

// Writes into the already-checked folder through one descriptor of it, so a folder swapped for
// a link after the check is noticed, and never renames onto a link.
Status writeChecked(const Resolved &checked, const QString &path, const QByteArray &bytes,
                    QFileDevice::Permissions permissions)
{
    const mode_t mode = posixfile::modeOf(permissions);
    const QString folder = QFileInfo(checked.realPath).absolutePath();
    const QByteArray name = QFile::encodeName(QFileInfo(checked.realPath).fileName());
    const int dirFd = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirFd < 0)
        return Error{QStringLiteral("Cannot write %1: %2").arg(path, systemError())};
    const QString really = posixfile::pathOf(dirFd);
    if (!really.isEmpty() && !isInside(checked.realBase, really)) {
        ::close(dirFd);
        return Error{leavesError(path, checked.realBase)};
    }
    const QByteArray temp = ".teamai-write-" + name.left(40) + '-'
        + QByteArray::number(QRandomGenerator::global()->generate(), 16);
    const int fd = ::openat(dirFd, temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    const bool created = fd >= 0;
    Status written;
    if (!(fd >= 0 && ::fchmod(fd, mode) == 0 && writeAllSynced(fd, bytes)))
        written = Error{QStringLiteral("%1 while writing %2").arg(systemError(), path)};  // the atomic writer's wording
    if (created && ::close(fd) != 0 && written)
        written = Error{QStringLiteral("%1 while writing %2").arg(systemError(), path)};
    struct stat st {};
    if (written && ::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        written = Error{leavesError(path, checked.realBase)};  // became a link since the check
    if (written && ::renameat(dirFd, temp.constData(), dirFd, name.constData()) != 0)
        written = Error{QStringLiteral("Cannot write %1: %2").arg(path, systemError())};
    if (!written && created)
        ::unlinkat(dirFd, temp.constData(), 0);
    ::close(dirFd);
    return written;
}

} // namespace teamai::safepath::platform
