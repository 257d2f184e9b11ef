#include "hookinput/HookPayloadFile_platform.h"

#include "util/PosixFile.h"
#include "util/Result.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai::hookpayload::platform {
namespace {

QString systemError(const char *what)
{
    return QStringLiteral("%1: %2").arg(QString::fromLatin1(what), posixfile::errorText(errno));
}

/// Reads up to @p maxBytes from @p fd (non-blocking: a regular file never waits).
Result<QByteArray> readAll(int fd, qint64 maxBytes)
{
    QByteArray data;
    char buffer[16384];
    while (data.size() < maxBytes) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return Error{systemError("read")};
        if (n == 0)
            break;
        data.append(buffer, qsizetype(n));
    }
    data.truncate(qsizetype(std::min<qint64>(data.size(), maxBytes)));
    return data;
}

/// Removes @p native when it still names the file @p opened (same device and inode, one link).
Status removeIfSame(const QByteArray &native, const struct stat &opened)
{
    struct stat now {};
    if (::lstat(native.constData(), &now) != 0)
        return Error{systemError("not removed")};
    if (!S_ISREG(now.st_mode) || now.st_dev != opened.st_dev || now.st_ino != opened.st_ino)
        return Error{QStringLiteral("not removed: the name now points elsewhere")};
    if (now.st_nlink != 1)
        return Error{QStringLiteral("not removed: the file has other names")};
    if (::unlink(native.constData()) != 0)
        return Error{systemError("not removed")};
    return {};
}

} // namespace

FileRead readAndRemoveFile(const QString &path, qint64 maxBytes)
{
    FileRead result;
    const QByteArray native = QFile::encodeName(path);
    // O_NOFOLLOW: a link is refused (ELOOP), never followed; O_NONBLOCK: a FIFO cannot hold us.
    const int fd = ::open(native.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        result.problem = errno == ELOOP ? QStringLiteral("a link, not read") : systemError("cannot open");
        return result;
    }
    struct stat opened {};
    if (::fstat(fd, &opened) != 0) {
        result.problem = systemError("cannot stat");
    } else if (!S_ISREG(opened.st_mode)) {
        result.problem = QStringLiteral("not a regular file, not read");
    } else if (opened.st_uid != ::geteuid()) {
        result.problem = QStringLiteral("owned by another user, not read");
    } else {
        const Result<QByteArray> payload = readAll(fd, maxBytes);
        result.bytes = payload.valueOr({});
        result.problem = payload.error();
    }
    ::close(fd);
    if (result.problem.isEmpty()) {
        const Status removed = removeIfSame(native, opened);
        result.removed = removed.ok();
        result.problem = removed.error();
    }
    return result;
}

} // namespace teamai::hookpayload::platform
