#pragma once

#include <QtGlobal>

#include <memory>

QT_BEGIN_NAMESPACE
class QProcess;
QT_END_NAMESPACE

namespace teamai::exec {

/// @brief Everything a child started, as one unit: a POSIX process group of its own (setsid() in
/// the child) or, on Windows, a job object. Stopping and reaping act on the whole unit, so a
/// grandchild cannot outlive a timeout. Internal to core/exec.
class ProcessGroup
{
public:
    ProcessGroup();
    ~ProcessGroup();
    Q_DISABLE_COPY(ProcessGroup)

    /// @brief Installs the child-side setup on @p process; call before QProcess::start().
    /// POSIX: new session and process group, PR_SET_PDEATHSIG(SIGKILL) on Linux (checked against
    /// a parent that died before it was set), and every inherited descriptor >= 3 marked
    /// close-on-exec; also starts the ParentDeathWatch once per process. Windows: the child is created inside a kill-on-close job object.
    void prepare(QProcess &process);
    /// @brief Records the started child (its pid leads the group).
    void attach(qint64 pid);
    /// @brief Asks the whole group to stop (SIGTERM). False when the platform has no polite
    /// stop (Windows), in which case the caller goes straight to kill().
    bool terminate();
    /// @brief Stops the whole group now (SIGKILL / TerminateJobObject).
    void kill();
    /// @brief Reaps group members re-parented to us and tells whether none is left. Only call
    /// once QProcess has reaped the direct child itself, or its exit status would be stolen.
    bool reapAndCheckEmpty();

    /// @brief Linux: makes this process a child subreaper (PR_SET_CHILD_SUBREAPER), so orphaned
    /// grandchildren are re-parented to us, not to init, and can be reaped here. Idempotent.
    static bool becomeSubreaper();
    /// @brief Reaps zombie children that were re-parented to us and that no QProcess can own:
    /// not session leaders and not in our own session (see the .cpp for why that is safe).
    /// A subreaper must do this now and then, or double-forked helpers (QProcess::startDetached,
    /// xdg-open) linger as zombies.
    struct OrphanScan {
        int reaped = 0;       ///< zombies collected now
        int stillAlive = 0;   ///< adopted descendants still running: scan again later
    };
    static OrphanScan reapAdoptedOrphans();

private:
    struct Platform;
    std::unique_ptr<Platform> d;
};

} // namespace teamai::exec
