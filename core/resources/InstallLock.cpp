#include "resources/InstallLock.h"

#include "util/Paths.h"

namespace teamai::resources {

InstallLock::InstallLock() = default;

InstallLock::~InstallLock() = default;

bool InstallLock::acquire(QString *error, int timeoutMs)
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    m_lock.emplace(paths::agentStateDir() + QStringLiteral("/resources.lock"));
    bool busy = false;
    QString problem;
    if (!m_lock->acquire(timeoutMs, &problem, &busy)) {
        if (error)
            *error = busy ? QStringLiteral("Another TeamAI process is changing installed resources; try again later") : problem;
        m_lock.reset();
        return false;
    }
    return true;
}

} // namespace teamai::resources
