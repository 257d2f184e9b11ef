#include "exec/LocalExecutor.h"

#include "exec/ProcessGroup.h"
#include "exec/ProcessRunner.h"
#include "exec/SpillFile.h"
#include "exec/TailBuffer.h"
#include "log/Logging.h"

#include <QMutexLocker>
#include <QThread>

namespace teamai::exec {
namespace {
constexpr int kOrphanReapIntervalMs = 30000;
}

/// One background task. The runner lives on the executor's thread; everything else here is
/// guarded by m_mutex so that readers on other threads see a consistent task.
struct LocalExecutor::Task {
    Task(TaskId taskId, QString taskOwner, qint64 cap)
        : id(taskId), owner(std::move(taskOwner)), pendingOut(cap), pendingErr(cap)
    {
    }
    TaskId id;
    QString owner;
    ProcessRunner *runner = nullptr;  // null once finished
    std::optional<ExecResult> result;
    qint64 pid = 0;
    // Output not read yet; bounded like the capture itself, oldest bytes go first.
    TailBuffer pendingOut;
    TailBuffer pendingErr;
    quint64 finishedAt = 0;           // finish order, for pruning
};

LocalExecutor::LocalExecutor(const ExecPolicy &policy, QObject *parent)
    : Executor(parent)
{
    qRegisterMetaType<teamai::exec::TaskId>("teamai::exec::TaskId");
    // Being a subreaper makes us the parent of every orphaned descendant, not just ours.
    m_isSubreaper = becomeSubreaper();
    m_orphanReaper.setSingleShot(true);
    m_orphanReaper.callOnTimeout(this, &LocalExecutor::scanOrphans);
    SpillFile::removeOlderThan(spillDirFor(policy), policy.spillRetentionDays);
}

LocalExecutor::~LocalExecutor()
{
    std::map<TaskId, std::unique_ptr<Task>> tasks;
    {
        QMutexLocker lock(&m_mutex);
        tasks.swap(m_tasks);
    }
    for (auto &entry : tasks) {
        if (ProcessRunner *runner = entry.second->runner) {
            runner->disconnect(this);
            runner->onOutput = nullptr;
            runner->killNow();
            delete runner;
        }
    }
}

bool LocalExecutor::becomeSubreaper()
{
    return ProcessGroup::becomeSubreaper();
}

ExecResult LocalExecutor::run(const ExecSpec &spec)
{
    ProcessRunner runner(spec);
    runner.start(ProcessRunner::Mode::Blocking);
    runner.runToCompletion();
    scheduleOrphanScan();
    return runner.takeResult();
}

void LocalExecutor::scheduleOrphanScan()
{
    if (!m_isSubreaper)
        return;
    // The timer lives on the executor's thread; run() may be called from any thread.
    QMetaObject::invokeMethod(this, [this] {
        if (!m_orphanReaper.isActive())
            m_orphanReaper.start(0);
    }, Qt::QueuedConnection);
}

void LocalExecutor::scanOrphans()
{
    const ProcessGroup::OrphanScan scan = ProcessGroup::reapAdoptedOrphans();
    if (scan.reaped > 0)
        qCDebug(lcExec) << "reaped" << scan.reaped << "adopted orphan(s)";
    // Something a child left behind still runs: look again later, or it lingers as a zombie.
    if (scan.stillAlive > 0)
        m_orphanReaper.start(kOrphanReapIntervalMs);
}

TaskId LocalExecutor::start(const ExecSpec &spec)
{
    Q_ASSERT(thread() == QThread::currentThread());
    TaskId id = 0;
    auto *runner = new ProcessRunner(spec, this);
    {
        QMutexLocker lock(&m_mutex);
        id = m_nextId++;
        auto task = std::make_unique<Task>(id, spec.owner, spec.memoryCapBytes);
        task->runner = runner;
        m_tasks.emplace(id, std::move(task));
    }
    runner->onOutput = [this, id](QByteArrayView out, QByteArrayView err) {
        QMutexLocker lock(&m_mutex);
        const auto it = m_tasks.find(id);
        if (it == m_tasks.end())
            return;
        it->second->pendingOut.append(out);
        it->second->pendingErr.append(err);
    };
    connect(runner, &ProcessRunner::finished, this, [this, id] {
        onRunnerFinished(id);
        scheduleOrphanScan();
    });
    runner->start(ProcessRunner::Mode::Async);
    {
        QMutexLocker lock(&m_mutex);
        m_tasks.at(id)->pid = runner->pid();
    }
    return id;
}

void LocalExecutor::onRunnerFinished(TaskId id)
{
    ProcessRunner *runner = nullptr;
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_tasks.find(id);
        if (it == m_tasks.end() || !it->second->runner)
            return;
        Task &task = *it->second;
        runner = task.runner;
        task.runner = nullptr;
        task.result = runner->takeResult();
        task.finishedAt = ++m_finishSequence;
    }
    runner->deleteLater();
    pruneFinished();
    emit taskFinished(id);
}

void LocalExecutor::pruneFinished()
{
    QMutexLocker lock(&m_mutex);
    int finished = 0;
    for (const auto &entry : m_tasks)
        finished += entry.second->result ? 1 : 0;
    while (finished > kMaxFinishedTasks) {
        auto oldest = m_tasks.end();
        for (auto it = m_tasks.begin(); it != m_tasks.end(); ++it) {
            if (it->second->result && (oldest == m_tasks.end() || it->second->finishedAt < oldest->second->finishedAt))
                oldest = it;
        }
        m_tasks.erase(oldest);
        --finished;
    }
}

TaskInfo LocalExecutor::infoOf(const Task &task)
{
    TaskInfo info;
    info.id = task.id;
    info.owner = task.owner;
    info.running = !task.result.has_value();
    info.result = task.result;
    info.pid = task.pid;
    return info;
}

std::optional<TaskInfo> LocalExecutor::get(TaskId id) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end())
        return std::nullopt;
    return infoOf(*it->second);
}

QList<TaskInfo> LocalExecutor::list(const QString &owner) const
{
    QMutexLocker lock(&m_mutex);
    QList<TaskInfo> out;
    for (const auto &entry : m_tasks) {
        if (entry.second->owner == owner)
            out.append(infoOf(*entry.second));
    }
    return out;
}

LocalExecutor::Task *LocalExecutor::ownedTask(TaskId id, const QString &owner)
{
    const auto it = m_tasks.find(id);
    return it != m_tasks.end() && it->second->owner == owner ? it->second.get() : nullptr;
}

std::optional<OutputChunk> LocalExecutor::readOutput(TaskId id, const QString &owner)
{
    QMutexLocker lock(&m_mutex);
    Task *owned = ownedTask(id, owner);
    if (!owned)
        return std::nullopt;
    Task &task = *owned;
    OutputChunk chunk;
    chunk.lostOut = task.pendingOut.dropped();
    chunk.lostErr = task.pendingErr.dropped();
    chunk.droppedOut = task.pendingOut.droppedBytes();
    chunk.droppedErr = task.pendingErr.droppedBytes();
    chunk.out = task.pendingOut.take();
    chunk.err = task.pendingErr.take();
    chunk.finished = task.result.has_value();
    return chunk;
}

bool LocalExecutor::kill(TaskId id, const QString &owner)
{
    QMutexLocker lock(&m_mutex);
    Task *task = ownedTask(id, owner);
    if (!task || !task->runner)
        return false;
    // Only sets a flag (and, on our own thread, schedules a tick): safe under the lock.
    task->runner->requestKill();
    return true;
}

bool LocalExecutor::remove(TaskId id, const QString &owner)
{
    QMutexLocker lock(&m_mutex);
    const Task *task = ownedTask(id, owner);
    if (!task || !task->result)
        return false;
    m_tasks.erase(id);
    return true;
}

} // namespace teamai::exec
