#pragma once

#include "exec/ExecResult.h"
#include "exec/ExecSpec.h"
#include "exec/ProcessGroup.h"
#include "exec/ProcessTree.h"
#include "exec/StreamCapture.h"

#include <QByteArrayView>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <atomic>
#include <functional>

namespace teamai::exec {

/// @brief Drives one child from start to reaped: output capture, timeout, cancellation, the
/// SIGTERM → grace → SIGKILL escalation on the whole group, and the final reaping. The same state
/// machine serves both modes: Blocking (the caller's thread spins QProcess::waitForFinished in
/// short slices, no nested event loop) and Async (the owning thread's event loop and a timer).
/// Internal to core/exec.
class ProcessRunner : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Blocking, Async };

    explicit ProcessRunner(ExecSpec spec, QObject *parent = nullptr);
    /// @brief Kills and reaps a child that is still running.
    ~ProcessRunner() override;

    /// @brief Starts the child (waits for exec to succeed or fail, then calls spec.onStarted).
    /// In Blocking mode, then call runToCompletion().
    void start(Mode mode);
    /// @brief Blocking mode: returns once the child and its group are gone.
    void runToCompletion();
    /// @brief Thread-safe: asks for the same stop as a cancel; noticed within one tick.
    void requestKill();
    /// @brief Stops everything now (SIGKILL, wait, reap), for shutdown.
    void killNow();

    qint64 pid() const { return m_result.pid; }
    const ExecResult &result() const { return m_result; }
    ExecResult takeResult() { return std::move(m_result); }

    /// @brief Sees every chunk as it is read (used for incremental reads of background tasks).
    std::function<void(QByteArrayView out, QByteArrayView err)> onOutput;

signals:
    /// @brief The child and its group are gone and result() is final (Async mode).
    void finished();

private:
    enum class Phase { NotStarted, Running, Terminating, Killing, Done };

    void prepareProcess();  // signals, program, environment, channels, process group
    bool launch();          // false (finalized) when the program cannot be started
    void enterRunning();    // pid known: tracking, onStarted, stdin, the async ticker
    void tick();
    void readOut();
    void readErr();
    /// A @p chunk read from stdout (@p isOut) or stderr: kept in @p capture and passed to both listeners.
    void received(StreamCapture &capture, const QByteArray &chunk, bool isOut);
    void onProcessFinished();
    bool stopRequested();
    bool treeIsGone();
    void stop();
    void escalate();
    void finalize(bool notify);
    int nextWakeMs() const;

    ExecSpec m_spec;
    Mode m_mode = Mode::Blocking;
    QProcess m_process;
    ProcessGroup m_group;
    ProcessTree m_tree;
    QElapsedTimer m_lastTrack;        // descendants are looked up a few times a second
    StreamCapture m_out;
    StreamCapture m_err;
    ExecResult m_result;
    Phase m_phase = Phase::NotStarted;
    QElapsedTimer m_clock;
    QDeadlineTimer m_timeout;
    QDeadlineTimer m_phaseDeadline;   // grace (Terminating) or give-up (Killing)
    QTimer m_ticker;
    std::atomic<bool> m_killRequested{false};
    bool m_tickQueued = false;
};

} // namespace teamai::exec
