#pragma once

#include "util/FileLock.h"
#include "util/Result.h"

#include <QString>

#include <optional>

namespace teamai::resources {

/// @brief Serialises every change TeamAI makes to installed resources and agent settings
/// (manifest.json, agent-hooks.json, skill folders, instruction files, hook settings) across
/// processes: a hook, the tray and `teamai uninstall` may run at once. Held for the short disk
/// work only, never during a download. A FileLock on `resources.lock`: it costs no fsync, and a
/// holder that dies releases it. Not recursive.
///
/// Use: `InstallLock lock; if (const Status locked = lock.acquire(); !locked) return …;` — released
/// on destruction.
class InstallLock
{
public:
    InstallLock();
    ~InstallLock();
    Q_DISABLE_COPY(InstallLock)

    /// @brief Waits up to @p timeoutMs for the lock; an error when it stays taken.
    Status acquire(int timeoutMs = 10000);

private:
    std::optional<FileLock> m_lock;
};

/// @brief Takes @p lock, then reads with @p load a file the lock guards (a `Loaded` struct with an
/// `error` member): what was read, or why the lock or the read failed. The caller keeps the lock
/// for the change it makes to what was read.
template<typename Load>
auto loadLocked(InstallLock &lock, Load load) -> Result<decltype(load())>
{
    if (const Status locked = lock.acquire(); !locked)
        return Error{locked.error()};
    auto loaded = load();
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    return loaded;
}

} // namespace teamai::resources
