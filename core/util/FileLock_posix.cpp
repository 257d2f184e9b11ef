#include "util/FileLock.h"

#include "util/PosixFile.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QThread>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai {
namespace {

// A path that keeps being replaced under us gives up after this many fresh opens.
constexpr int kMaxReopens = 100;

// True when @p fd is still the file @p path names. A lock on a file that was replaced (a
// compaction's rename) or removed (a release that removes its file) meanwhile guards nothing.
bool stillNamed(int fd, const QByteArray &path)
{
    struct stat opened {}, named {};
    return ::fstat(fd, &opened) == 0 && ::stat(path.constData(), &named) == 0 && opened.st_dev == named.st_dev
        && opened.st_ino == named.st_ino;
}

// Takes the flock @p operation on @p fd: 0, or the errno that stopped it (EWOULDBLOCK when the
// lock was still taken at @p deadline).
int lockBefore(int fd, int operation, const QDeadlineTimer &deadline)
{
    if (deadline.isForever()) {
        while (::flock(fd, operation) != 0) {
            if (errno != EINTR)
                return errno;
        }
        return 0;
    }
    while (::flock(fd, operation | LOCK_NB) != 0) {
        const int code = errno;
        if (code != EWOULDBLOCK && code != EINTR)
            return code;  // ENOLCK and the like: say what it is, never "held"
        if (deadline.hasExpired())
            return EWOULDBLOCK;
        QThread::msleep(5);
    }
    return 0;
}

} // namespace

FileLock::Attempt FileLock::acquire(int timeoutMs)
{
    if (isHeld())
        return {};
    const QByteArray path = QFile::encodeName(m_path);
    const bool shared = m_options.mode == Mode::Shared;
    const int flags = (shared ? O_RDONLY : O_RDWR) | (m_options.create ? O_CREAT : 0) | O_CLOEXEC | O_NOFOLLOW;
    const QDeadlineTimer deadline(timeoutMs < 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(timeoutMs));
    int code = 0;
    for (int attempt = 0; attempt < kMaxReopens; ++attempt) {
        const int fd = ::open(path.constData(), flags, 0600);
        if (fd < 0)
            return {Error{QStringLiteral("cannot open %1: %2").arg(m_path, posixfile::errorText(errno))}};
        code = lockBefore(fd, shared ? LOCK_SH : LOCK_EX, deadline);
        if (code == 0 && stillNamed(fd, path)) {
            m_fd = fd;
            return {};
        }
        ::close(fd);
        if (code != 0)
            break;
        // Replaced or removed while we waited: lock the file the path names now.
    }
    if (code == EWOULDBLOCK)
        return {Error{QStringLiteral("%1 is held by another process").arg(m_path)}, true};
    const QString reason = code ? posixfile::errorText(code) : QStringLiteral("it keeps being replaced");
    return {Error{QStringLiteral("cannot lock %1: %2").arg(m_path, reason)}};
}

void FileLock::release()
{
    if (m_fd < 0)
        return;
    // Removed while still held, so whoever opened the old file meanwhile sees it is gone.
    const QByteArray path = QFile::encodeName(m_path);
    if (m_options.removeWhenReleased && stillNamed(m_fd, path))
        ::unlink(path.constData());
    ::close(m_fd);  // closing the descriptor releases the flock
    m_fd = -1;
}

} // namespace teamai
