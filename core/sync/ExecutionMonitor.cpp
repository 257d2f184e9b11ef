#include "sync/ExecutionMonitor.h"

#include <QMutexLocker>

namespace teamai {

ExecutionMonitor::ExecutionMonitor(exec::Executor &inner, QObject *parent)
    : exec::Executor(parent)
    , m_inner(inner)
{
    connect(&m_inner, &exec::Executor::taskFinished, this, &ExecutionMonitor::onInnerTaskFinished);
}

void ExecutionMonitor::setObserver(ExecutionObserver observer)
{
    m_observer = std::move(observer);
}

bool ExecutionMonitor::cancelRunning()
{
    QList<Running> running;
    {
        QMutexLocker lock(&m_mutex);
        running = m_running;
    }
    for (Running &entry : running) {
        // Copies of a CancelHandle share one flag: this also stops a task whose id is not known yet.
        entry.cancel.cancel();
        if (entry.task != 0)
            m_inner.kill(entry.task, entry.owner);
    }
    return !running.isEmpty();
}

std::optional<QString> ExecutionMonitor::runningOwner() const
{
    QMutexLocker lock(&m_mutex);
    if (m_running.isEmpty())
        return std::nullopt;
    return m_running.constLast().owner;
}

exec::ExecSpec ExecutionMonitor::watched(const exec::ExecSpec &spec) const
{
    exec::ExecSpec watched = spec;
    const QString owner = spec.owner;
    if (m_observer.started) {
        watched.onStarted = [inner = spec.onStarted, started = m_observer.started, owner](qint64 pid) {
            if (inner)
                inner(pid);
            started(owner, pid);
        };
    }
    if (m_observer.output) {
        watched.onOutput = [inner = spec.onOutput, output = m_observer.output, owner](QByteArrayView out, QByteArrayView err) {
            if (inner)
                inner(out, err);
            output(owner, out, err);
        };
    }
    return watched;
}

quint64 ExecutionMonitor::track(const exec::ExecSpec &spec)
{
    QMutexLocker lock(&m_mutex);
    const quint64 serial = m_nextSerial++;
    m_running.append(Running{serial, spec.owner, spec.cancel, 0});
    return serial;
}

void ExecutionMonitor::forget(quint64 serial)
{
    m_running.removeIf([serial](const Running &running) { return running.serial == serial; });
}

exec::ExecResult ExecutionMonitor::run(const exec::ExecSpec &spec)
{
    const quint64 serial = track(spec);
    exec::ExecResult result = m_inner.run(watched(spec));
    {
        QMutexLocker lock(&m_mutex);
        forget(serial);
    }
    if (m_observer.finished)
        m_observer.finished(spec.owner, result);
    return result;
}

exec::TaskId ExecutionMonitor::start(const exec::ExecSpec &spec)
{
    // Known before it starts: a cancel from now on reaches it through its handle.
    const quint64 serial = track(spec);
    const exec::TaskId id = m_inner.start(watched(spec));
    // taskFinished is always queued (the task ends on a later turn of the event loop), so its
    // id is recorded here before its end can be reported.
    QMutexLocker lock(&m_mutex);
    for (Running &running : m_running) {
        if (running.serial == serial)
            running.task = id;
    }
    if (id == 0)
        forget(serial);
    return id;
}

void ExecutionMonitor::onInnerTaskFinished(exec::TaskId id)
{
    std::optional<Running> ended;
    {
        QMutexLocker lock(&m_mutex);
        for (qsizetype i = 0; i < m_running.size(); ++i) {
            if (m_running.at(i).task == id) {
                ended = m_running.takeAt(i);
                break;
            }
        }
    }
    if (ended && m_observer.finished) {
        if (const std::optional<exec::TaskInfo> info = m_inner.get(id); info && info->result)
            m_observer.finished(ended->owner, *info->result);
    }
    emit taskFinished(id);
}

std::optional<exec::TaskInfo> ExecutionMonitor::get(exec::TaskId id) const
{
    return m_inner.get(id);
}

QList<exec::TaskInfo> ExecutionMonitor::list(const QString &owner) const
{
    return m_inner.list(owner);
}

std::optional<exec::OutputChunk> ExecutionMonitor::readOutput(exec::TaskId id, const QString &owner)
{
    return m_inner.readOutput(id, owner);
}

bool ExecutionMonitor::kill(exec::TaskId id, const QString &owner)
{
    return m_inner.kill(id, owner);
}

bool ExecutionMonitor::remove(exec::TaskId id, const QString &owner)
{
    return m_inner.remove(id, owner);
}

} // namespace teamai
