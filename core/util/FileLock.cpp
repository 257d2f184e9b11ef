#include "util/FileLock.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QLockFile>
#include <QThread>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace teamai {

FileLock::FileLock(QString path)
    : m_path(std::move(path))
{
}

#ifdef Q_OS_UNIX

FileLock::~FileLock()
{
    if (m_fd >= 0)
        ::close(m_fd);  // closing the descriptor releases the flock
}

FileLock::Attempt FileLock::acquire(int timeoutMs)
{
    const QByteArray path = QFile::encodeName(m_path);
    m_fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (m_fd < 0)
        return {Error{QStringLiteral("cannot open %1: %2").arg(m_path, QString::fromLocal8Bit(std::strerror(errno)))}};
    const QDeadlineTimer deadline(timeoutMs);
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int code = errno;
        if ((code != EWOULDBLOCK && code != EINTR) || deadline.hasExpired()) {
            const bool taken = code == EWOULDBLOCK || code == EINTR;
            ::close(m_fd);
            m_fd = -1;
            // Only a lock someone holds is "held"; anything else (ENOLCK, a full disk) says what it is.
            if (taken)
                return {Error{QStringLiteral("%1 is held by another process").arg(m_path)}, true};
            return {Error{QStringLiteral("cannot lock %1: %2").arg(m_path, QString::fromLocal8Bit(std::strerror(code)))}};
        }
        QThread::msleep(5);
    }
    return {};
}

#else

FileLock::~FileLock() = default;

FileLock::Attempt FileLock::acquire(int timeoutMs)
{
    m_lock = std::make_unique<QLockFile>(m_path);
    // A lock left by a process that died is taken over once it is this old.
    m_lock->setStaleLockTime(60000);
    if (!m_lock->tryLock(timeoutMs)) {
        const bool busy = m_lock->error() == QLockFile::LockFailedError;
        m_lock.reset();
        return {Error{QStringLiteral("%1 is held by another process").arg(m_path)}, busy};
    }
    return {};
}

#endif

} // namespace teamai
