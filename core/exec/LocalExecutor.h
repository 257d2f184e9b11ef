#pragma once

#include "exec/Executor.h"
#include "exec/ExecPolicy.h"

#include <QMutex>
#include <QTimer>

#include <map>
#include <memory>

namespace teamai::exec {

class ProcessRunner;

/// @brief Executor that runs children on this machine with QProcess: own process group (POSIX)
/// or job object (Windows), scrubbed explicit environment, no inherited descriptors, bounded
/// memory with spill files, SIGTERM → grace → SIGKILL on timeout or cancel, always reaped.
///
/// Threads: run() only uses objects it creates, so it may be called from any thread (including
/// several at once); it blocks that thread without a nested event loop — called on the
/// executor's own thread it also pauses the background tasks until it returns. start() must be
/// called on the executor's thread, whose event loop drives the tasks; get/list/readOutput/kill
/// are safe from any thread.
///
/// Process trees: a run's result is returned only once every process of its tree is gone —
/// the child's group and anything that left it (setsid(), double fork), found through the run's
/// environment marker and /proc parent chains (ProcessTree) — after a timeout, a cancel *and* a
/// normal exit of the direct child. Stragglers get SIGTERM, then SIGKILL after the grace.
/// If the agent dies (even by SIGKILL), the child's leader gets PR_SET_PDEATHSIG(SIGKILL) and a
/// small watcher process kills the rest (ParentDeathWatch). PDEATHSIG fires when the *thread*
/// that forked the child exits: run() forks on the calling thread and blocks it until the tree
/// is gone, so that is safe from any thread; start() forks on the executor's thread, which must
/// therefore outlive its tasks (the destructor kills them).
///
/// Process-wide effects (Linux): the constructor makes the agent a child subreaper, so orphaned
/// descendants of *any* child become ours. After a child finishes, and every 30 s for as long
/// as adopted descendants are still alive, those that no QProcess owns are reaped
/// (ProcessGroup::reapAdoptedOrphans); an idle agent with none does no periodic work.
class LocalExecutor : public Executor
{
    Q_OBJECT
public:
    /// @brief Also makes the process a child subreaper (Linux) and removes spill files older
    /// than policy.spillRetentionDays from the policy's spill folder.
    explicit LocalExecutor(const ExecPolicy &policy = ExecPolicy(), QObject *parent = nullptr);
    /// @brief Kills and reaps every task still running.
    ~LocalExecutor() override;

    ExecResult run(const ExecSpec &spec) override;
    TaskId start(const ExecSpec &spec) override;
    std::optional<TaskInfo> get(TaskId id) const override;
    QList<TaskInfo> list(const QString &owner) const override;
    std::optional<OutputChunk> readOutput(TaskId id, const QString &owner) override;
    bool kill(TaskId id, const QString &owner) override;
    /// @brief Its spill files stay until retention. Finished tasks are also forgotten, oldest
    /// first, beyond kMaxFinishedTasks.
    bool remove(TaskId id, const QString &owner) override;

    /// @brief See ProcessGroup::becomeSubreaper(); the constructor calls it.
    static bool becomeSubreaper();

    static constexpr int kMaxFinishedTasks = 64;

private:
    struct Task;
    /// @brief Task @p id when @p owner started it, else null; the caller holds m_mutex.
    Task *ownedTask(TaskId id, const QString &owner);

    void onRunnerFinished(TaskId id);
    void pruneFinished();
    /// Thread-safe: makes sure an orphan scan runs soon on the executor's thread.
    void scheduleOrphanScan();
    void scanOrphans();
    static TaskInfo infoOf(const Task &task);

    mutable QMutex m_mutex;
    std::map<TaskId, std::unique_ptr<Task>> m_tasks;
    TaskId m_nextId = 1;
    quint64 m_finishSequence = 0;
    QTimer m_orphanReaper;
    bool m_isSubreaper = false;
};

} // namespace teamai::exec
