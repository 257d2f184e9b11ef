#include "resources/InstallLock.h"

#include "util/Paths.h"

namespace teamai::resources {

InstallLock::InstallLock() = default;

InstallLock::~InstallLock() = default;

Status InstallLock::acquire(int timeoutMs)
{
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    m_lock.emplace(paths::agentStateDir() + QStringLiteral("/resources.lock"));
    if (const FileLock::Attempt locked = m_lock->acquire(timeoutMs); !locked) {
        m_lock.reset();
        return Error{locked.busy ? QStringLiteral("Another TeamAI process is changing installed resources; try again later")
                                 : locked.error()};
    }
    return {};
}

} // namespace teamai::resources
