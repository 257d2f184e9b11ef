#pragma once

#include <QtGlobal>

namespace teamai::exec {

/// @brief Kills what the agent started when the agent itself dies, even by SIGKILL.
///
/// The kernel's parent-death signal (set on each child's group leader) only reaches the leader;
/// the rest of its group and anything that left it would live on. So the first child an agent
/// starts also starts one small watcher process (forked, no exec, raw system calls only; it leaves
/// the agent's session and closes every descriptor except one socket). The agent tells it which
/// process groups are running; when the agent's end of the socket closes — the agent exited or was
/// killed — the watcher SIGKILLs those groups and every process whose environment carries this
/// agent's run marker (ProcessTree), then exits. POSIX only; Windows jobs are kill-on-close.
class ParentDeathWatch
{
public:
    /// @brief Starts the watcher if it does not run yet. Thread-safe; false when it cannot run.
    static bool ensureRunning();
    /// @brief The group led by @p pgid belongs to a running child (kill it if we die).
    static void addGroup(qint64 pgid);
    /// @brief The group led by @p pgid is gone.
    static void removeGroup(qint64 pgid);
};

} // namespace teamai::exec
