#include "util/FileLock.h"

#include <QFile>
#include <QLockFile>

namespace teamai {

// Windows has no flock(): a QLockFile, always exclusive. Not built on the Linux CI machines:
// review by reading.
FileLock::Attempt FileLock::acquire(int timeoutMs)
{
    if (isHeld())
        return {};
    if (!m_options.create && !QFile::exists(m_path))
        return {Error{QStringLiteral("cannot open %1: it does not exist").arg(m_path)}};
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

void FileLock::release()
{
    m_lock.reset();  // QLockFile removes its file when it lets go
}

} // namespace teamai
