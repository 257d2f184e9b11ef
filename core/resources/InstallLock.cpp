#include "resources/InstallLock.h"

#include "util/Paths.h"

#include <QLockFile>

namespace teamai::resources {

InstallLock::InstallLock() = default;

InstallLock::~InstallLock() = default;

bool InstallLock::acquire(QString *error, int timeoutMs)
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    m_lock = std::make_unique<QLockFile>(paths::agentStateDir() + QStringLiteral("/resources.lock"));
    // A lock left by a process that died is taken over once it is this old.
    m_lock->setStaleLockTime(60000);
    if (!m_lock->tryLock(timeoutMs)) {
        if (error)
            *error = QStringLiteral("Another TeamAI process is changing installed resources; try again later");
        m_lock.reset();
        return false;
    }
    return true;
}

} // namespace teamai::resources
