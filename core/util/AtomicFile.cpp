#include "util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace teamai::atomicfile {

QString writeError(int code, const QString &path)
{
    return QStringLiteral("%1 while writing %2").arg(QString::fromLocal8Bit(std::strerror(code)), path);
}

namespace {

Status fail(int code, const QString &path)
{
    return Error{writeError(code, path)};
}

#ifdef Q_OS_UNIX

mode_t modeOf(QFileDevice::Permissions p)
{
    mode_t mode = 0;
    mode |= p & QFileDevice::ReadOwner ? S_IRUSR : 0;
    mode |= p & QFileDevice::WriteOwner ? S_IWUSR : 0;
    mode |= p & QFileDevice::ExeOwner ? S_IXUSR : 0;
    mode |= p & QFileDevice::ReadGroup ? S_IRGRP : 0;
    mode |= p & QFileDevice::WriteGroup ? S_IWGRP : 0;
    mode |= p & QFileDevice::ExeGroup ? S_IXGRP : 0;
    mode |= p & QFileDevice::ReadOther ? S_IROTH : 0;
    mode |= p & QFileDevice::WriteOther ? S_IWOTH : 0;
    mode |= p & QFileDevice::ExeOther ? S_IXOTH : 0;
    return mode;
}

// Writes all of @p bytes to @p fd, retrying short writes; 0 or the errno of the failure.
int writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return ENOSPC;  // the kernel took nothing: the device is full
        done += n;
    }
    return 0;
}

// Writes, syncs and checks the temporary file; 0 or the errno of the first failure.
int fillTemporary(int fd, const QByteArray &bytes, mode_t mode)
{
    struct stat st {};
    if (::fchmod(fd, mode) != 0)  // the umask may have narrowed the mode open() gave
        return errno;
    if (const int code = writeAll(fd, bytes))
        return code;
    if (::fsync(fd) != 0)
        return errno;
    if (::fstat(fd, &st) != 0)
        return errno;
    return st.st_size == bytes.size() ? 0 : EIO;
}

Status writePosix(const QString &path, const QByteArray &bytes, mode_t mode)
{
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

#else

Status writeSaveFile(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(EACCES, path);
    file.setPermissions(permissions);
    // Unbuffered, so a failed write shows here and not (or not only) in commit().
    if (file.write(bytes) != bytes.size() || !file.flush() || file.size() != bytes.size() || !file.commit()) {
        file.cancelWriting();
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    }
    return {};
}

#endif

} // namespace

Status write(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder))
        return Error{QStringLiteral("cannot create folder %1").arg(folder)};
#ifdef Q_OS_UNIX
    return writePosix(path, bytes, modeOf(permissions));
#else
    return writeSaveFile(path, bytes, permissions);
#endif
}

} // namespace teamai::atomicfile
