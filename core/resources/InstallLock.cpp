#include "resources/InstallLock.h"

#include "util/Paths.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QLockFile>
#include <QThread>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace teamai::resources {
namespace {

QString lockPath()
{
    return paths::agentStateDir() + QStringLiteral("/resources.lock");
}

QString busyError()
{
    return QStringLiteral("Another TeamAI process is changing installed resources; try again later");
}

} // namespace

InstallLock::InstallLock() = default;

#ifdef Q_OS_UNIX

InstallLock::~InstallLock()
{
    if (m_fd >= 0)
        ::close(m_fd);  // closing the descriptor releases the flock
}

bool InstallLock::acquire(QString *error, int timeoutMs)
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    const QByteArray path = QFile::encodeName(lockPath());
    m_fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (m_fd < 0) {
        if (error)
            *error = QStringLiteral("Cannot open %1: %2").arg(lockPath(), QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    const QDeadlineTimer deadline(timeoutMs);
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        if ((errno != EWOULDBLOCK && errno != EINTR) || deadline.hasExpired()) {
            if (error)
                *error = busyError();
            ::close(m_fd);
            m_fd = -1;
            return false;
        }
        QThread::msleep(20);
    }
    return true;
}

#else

InstallLock::~InstallLock() = default;

bool InstallLock::acquire(QString *error, int timeoutMs)
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    m_lock = std::make_unique<QLockFile>(lockPath());
    // A lock left by a process that died is taken over once it is this old.
    m_lock->setStaleLockTime(60000);
    if (!m_lock->tryLock(timeoutMs)) {
        if (error)
            *error = busyError();
        m_lock.reset();
        return false;
    }
    return true;
}

#endif

} // namespace teamai::resources
