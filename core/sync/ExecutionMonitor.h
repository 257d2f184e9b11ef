#pragma once

#include "exec/Executor.h"

#include <QByteArrayView>
#include <QMutex>
#include <QString>

#include <functional>
#include <optional>

namespace teamai {

/// @brief What a front end wants to hear about the commands a SyncEngine runs. Every callback is
/// optional and runs on the thread that runs the command (the engine's thread), so it must be
/// quick: post the data elsewhere (a queued signal) and return.
struct ExecutionObserver {
    /// The child started. @p owner is the exec owner token: for a pushed command the tool it
    /// came for (e.g. `claude`); the monitor does not interpret it.
    std::function<void(const QString &owner, qint64 pid)> started;
    /// Output as it is read, one stream per call (the other is empty).
    std::function<void(const QString &owner, QByteArrayView out, QByteArrayView err)> output;
    /// The child is gone and reaped.
    std::function<void(const QString &owner, const exec::ExecResult &result)> finished;
};

/// @brief An Executor that forwards to another one and lets a front end watch and cancel the
/// commands in progress: run() and start() add the observer's callbacks to the spec (keeping any
/// the caller set) and remember the run until the child is reaped, so cancelRunning() from any
/// thread stops it through the executor's normal SIGTERM → grace → SIGKILL path (a blocking
/// run through its cancel handle, a background task through kill()). The observer's finished
/// callback fires for a background task when the inner executor reports taskFinished, before
/// the monitor passes that signal on.
///
/// The CLI does not need it; the tray puts one between its SyncEngine and the LocalExecutor.
class ExecutionMonitor : public exec::Executor
{
    Q_OBJECT
public:
    explicit ExecutionMonitor(exec::Executor &inner, QObject *parent = nullptr);

    /// @brief Replaces the observer. Call on the thread that calls run(), between runs.
    void setObserver(ExecutionObserver observer);

    /// @brief Thread-safe: cancels every run and background task in progress. False when none is running.
    bool cancelRunning();
    /// @brief Thread-safe: the owner token of the run or task in progress (the newest), if any.
    std::optional<QString> runningOwner() const;

    exec::ExecResult run(const exec::ExecSpec &spec) override;
    exec::TaskId start(const exec::ExecSpec &spec) override;
    std::optional<exec::TaskInfo> get(exec::TaskId id) const override;
    QList<exec::TaskInfo> list(const QString &owner) const override;
    std::optional<exec::OutputChunk> readOutput(exec::TaskId id, const QString &owner) override;
    bool kill(exec::TaskId id, const QString &owner) override;
    bool remove(exec::TaskId id, const QString &owner) override;

private:
    struct Running {
        quint64 serial = 0;
        QString owner;
        exec::CancelHandle cancel;
        exec::TaskId task = 0;  ///< set for a background task
    };

    exec::ExecSpec watched(const exec::ExecSpec &spec) const;
    /// Registers @p spec's run as running (under the mutex); its serial.
    quint64 track(const exec::ExecSpec &spec);
    /// Drops the run @p serial; the caller holds the mutex.
    void forget(quint64 serial);
    void onInnerTaskFinished(exec::TaskId id);

    exec::Executor &m_inner;
    ExecutionObserver m_observer;
    mutable QMutex m_mutex;
    QList<Running> m_running;
    quint64 m_nextSerial = 1;
};

} // namespace teamai
