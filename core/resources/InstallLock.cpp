#include "resources/InstallLock.h"

#include "util/Paths.h"

namespace teamai::resources {

InstallLock::InstallLock() = default;

InstallLock::~InstallLock() = default;

bool InstallLock::acquire(QString *error, int timeoutMs)
{
    if (!toOutParameter(paths::ensurePrivateDir(paths::agentStateDir()), error))
        return false;
    m_lock.emplace(paths::agentStateDir() + QStringLiteral("/resources.lock"));
    if (const FileLock::Attempt locked = m_lock->acquire(timeoutMs); !locked) {
        if (error)
            *error = locked.busy ? QStringLiteral("Another TeamAI process is changing installed resources; try again later")
                                 : locked.error();
        m_lock.reset();
        return false;
    }
    return true;
}

} // namespace teamai::resources
