#include "util/AtomicFile_platform.h"

#include "util/AtomicFile.h"
#include "util/PosixFile.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai::atomicfile::platform {
namespace {

Status fail(int code, const QString &path)
{
    return Error{writeError(code, path)};
}

// Writes, syncs and checks the temporary file; 0 or the errno of the first failure.
int fillTemporary(int fd, const QByteArray &bytes, mode_t mode)
{
    struct stat st {};
    if (::fchmod(fd, mode) != 0)  // the umask may have narrowed the mode open() gave
        return errno;
    if (const int code = posixfile::writeAll(fd, bytes))
        return code;
    if (::fsync(fd) != 0)
        return errno;
    if (::fstat(fd, &st) != 0)
        return errno;
    return st.st_size == bytes.size() ? 0 : EIO;
}

} // namespace

Status replace(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    const mode_t mode = posixfile::modeOf(permissions);
    const QFileInfo info(path);
    const QString temporary = QStringLiteral("%1/.%2.%3.tmp")
                                  .arg(info.absolutePath(), info.fileName())
                                  .arg(QRandomGenerator::global()->generate64(), 0, 16);
    const QByteArray tmp = QFile::encodeName(temporary);
    const int fd = ::open(tmp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0)
        return fail(errno, path);
    int code = fillTemporary(fd, bytes, mode);
    if (::close(fd) != 0 && code == 0)
        code = errno;  // NFS and some filesystems report a failed write only here
    if (code == 0 && ::rename(tmp.constData(), QFile::encodeName(path).constData()) != 0)
        code = errno;
    if (code != 0) {
        ::unlink(tmp.constData());
        return fail(code, path);
    }
    // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
    const int dir = ::open(QFile::encodeName(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return {};
}

} // namespace teamai::atomicfile::platform
