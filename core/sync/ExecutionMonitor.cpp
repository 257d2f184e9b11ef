#include "sync/ExecutionMonitor.h"

#include <QMutexLocker>

namespace teamai {

ExecutionMonitor::ExecutionMonitor(exec::Executor &inner, QObject *parent)
    : exec::Executor(parent)
    , m_inner(inner)
{
    connect(&m_inner, &exec::Executor::taskFinished, this, &exec::Executor::taskFinished);
}

void ExecutionMonitor::setObserver(ExecutionObserver observer)
{
    m_observer = std::move(observer);
}

bool ExecutionMonitor::cancelRunning()
{
    QMutexLocker lock(&m_mutex);
    for (Running &running : m_running)
        running.cancel.cancel();
    return !m_running.isEmpty();
}

std::optional<QString> ExecutionMonitor::runningOwner() const
{
    QMutexLocker lock(&m_mutex);
    if (m_running.isEmpty())
        return std::nullopt;
    return m_running.constLast().owner;
}

exec::ExecResult ExecutionMonitor::run(const exec::ExecSpec &spec)
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
    quint64 serial = 0;
    {
        // Copies of a CancelHandle share one flag: cancelling ours cancels the spec's.
        QMutexLocker lock(&m_mutex);
        serial = m_nextSerial++;
        m_running.append(Running{serial, owner, spec.cancel});
    }
    exec::ExecResult result = m_inner.run(watched);
    {
        QMutexLocker lock(&m_mutex);
        m_running.removeIf([serial](const Running &running) { return running.serial == serial; });
    }
    if (m_observer.finished)
        m_observer.finished(owner, result);
    return result;
}

exec::TaskId ExecutionMonitor::start(const exec::ExecSpec &spec)
{
    return m_inner.start(spec);
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

} // namespace teamai
