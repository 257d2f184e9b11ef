#include "util/FileLock.h"

#include <QFile>
#include <QLockFile>

namespace teamai {

// Windows has no flock(): a QLockFile, always exclusive. Not built on the Linux CI machines:
// review by reading.
bool FileLock::acquire(int timeoutMs, QString *error, bool *busy)
{
    if (busy)
        *busy = false;
    if (isHeld())
        return true;
    if (!m_options.create && !QFile::exists(m_path)) {
        if (error)
            *error = QStringLiteral("cannot open %1: it does not exist").arg(m_path);
        return false;
    }
    m_lock = std::make_unique<QLockFile>(m_path);
    // A lock left by a process that died is taken over once it is this old.
    m_lock->setStaleLockTime(60000);
    if (!m_lock->tryLock(timeoutMs)) {
        if (busy)
            *busy = m_lock->error() == QLockFile::LockFailedError;
        if (error)
            *error = QStringLiteral("%1 is held by another process").arg(m_path);
        m_lock.reset();
        return false;
    }
    return true;
}

void FileLock::release()
{
    m_lock.reset();  // QLockFile removes its file when it lets go
}

} // namespace teamai
