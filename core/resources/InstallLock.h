#pragma once

#include <QString>

#include <memory>

class QLockFile;

namespace teamai::resources {

/// @brief Serialises every change TeamAI makes to installed resources and agent settings
/// (manifest.json, agent-hooks.json, skill folders, instruction files, hook settings) across
/// processes: a hook, the tray and `teamai uninstall` may run at once. Held for the short disk
/// work only, never during a download. Not recursive.
///
/// On POSIX it is an advisory `flock()` on `resources.lock`: the kernel releases it when the
/// holder dies, and taking it writes (and fsyncs) nothing — it is taken once per resource
/// command. Elsewhere a QLockFile.
///
/// Use: `InstallLock lock; if (!lock.acquire(&error)) return …;` — released on destruction.
class InstallLock
{
public:
    InstallLock();
    ~InstallLock();
    InstallLock(const InstallLock &) = delete;
    InstallLock &operator=(const InstallLock &) = delete;

    /// @brief Waits up to @p timeoutMs for the lock; false with @p error set when it stays taken.
    bool acquire(QString *error, int timeoutMs = 10000);

private:
#ifdef Q_OS_UNIX
    int m_fd = -1;
#else
    std::unique_ptr<QLockFile> m_lock;
#endif
};

} // namespace teamai::resources
