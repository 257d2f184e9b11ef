#include "exec/ProcessRunner.h"

#include "exec/TerminationSignals.h"
#include "log/Logging.h"

#include <QDir>
#include <QThread>

#include <algorithm>

namespace teamai::exec {
namespace {
constexpr int kPollMs = 50;              // resolution of the cancel flag and the timeout
constexpr int kReapPollMs = 10;          // while a stopping group is being waited for
constexpr int kGiveUpAfterKillMs = 5000; // a group that survives SIGKILL this long is stuck in the kernel
constexpr int kTrackEveryMs = 250;       // how often descendants are looked up while the child runs

int clampWait(qint64 remainingMs, int cap)
{
    if (remainingMs < 0) // QDeadlineTimer::Forever
        return cap;
    return int(std::clamp<qint64>(remainingMs, 1, cap));
}
} // namespace

ProcessRunner::ProcessRunner(ExecSpec spec, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
    , m_out(m_spec.memoryCapBytes, m_spec.spillDir)
    , m_err(m_spec.memoryCapBytes, m_spec.spillDir)
{
    m_result.effectiveTimeoutMs = m_spec.timeoutMs;
}

ProcessRunner::~ProcessRunner()
{
    if (m_phase != Phase::Done && m_phase != Phase::NotStarted)
        killNow();
}

void ProcessRunner::start(Mode mode)
{
    Q_ASSERT(m_phase == Phase::NotStarted);
    m_mode = mode;
    m_clock.start();
    m_timeout = QDeadlineTimer(m_spec.timeoutMs);

    if (stopRequested()) {
        m_result.cancelled = true;
        finalize(true);
        return;
    }
    // resolve() guarantees this; checked again because QProcess would search PATH for a bare name.
    if (!QDir::isAbsolutePath(m_spec.program)) {
        m_result.startError = QStringLiteral("program must be an absolute path: \"%1\"").arg(m_spec.program);
        finalize(true);
        return;
    }

    prepareProcess();
    if (!launch())
        return;
    enterRunning();
}

void ProcessRunner::prepareProcess()
{
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &ProcessRunner::readOut);
    connect(&m_process, &QProcess::readyReadStandardError, this, &ProcessRunner::readErr);
    connect(&m_process, &QProcess::finished, this, &ProcessRunner::onProcessFinished);

    m_process.setProgram(m_spec.program);
    m_process.setArguments(m_spec.arguments);
    if (!m_spec.workingDirectory.isEmpty())
        m_process.setWorkingDirectory(m_spec.workingDirectory);
    // Every descendant inherits the run's marker, so the tree is found even after setsid().
    QProcessEnvironment environment = m_spec.environment;
    environment.insert(ProcessTree::markerName(), m_tree.markerValue());
    m_process.setProcessEnvironment(environment);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    if (!m_spec.stdinBytes)
        m_process.setStandardInputFile(QProcess::nullDevice()); // immediate EOF, no pipe
    m_group.prepare(m_process);
}

bool ProcessRunner::launch()
{
    m_process.start(QIODevice::ReadWrite);
    // Waiting for exec here (about a millisecond) makes the pid known before start() returns and
    // guarantees onStarted runs before any output is read.
    if (m_process.waitForStarted(clampWait(m_timeout.remainingTime(), m_spec.timeoutMs)))
        return true;
    m_result.startError = m_process.errorString();
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(1000);
    }
    qCWarning(lcExec).noquote() << "cannot start" << m_spec.program << ":" << m_result.startError;
    finalize(true);
    return false;
}

void ProcessRunner::enterRunning()
{
    m_result.pid = m_process.processId();
    m_group.attach(m_result.pid);
    m_tree.attach(m_result.pid);
    m_lastTrack.start();
    m_phase = Phase::Running;
    qCDebug(lcExec).noquote() << "started" << m_spec.program << "pid" << m_result.pid << "timeout"
                             << m_spec.timeoutMs << "ms";
    if (m_spec.onStarted)
        m_spec.onStarted(m_result.pid);

    if (m_spec.stdinBytes) {
        if (!m_spec.stdinBytes->isEmpty())
            m_process.write(*m_spec.stdinBytes);
        m_process.closeWriteChannel(); // EOF once the bytes are written
    }

    if (m_mode == Mode::Async) {
        m_ticker.callOnTimeout(this, &ProcessRunner::tick);
        m_ticker.start(kPollMs);
    }
}

void ProcessRunner::runToCompletion()
{
    Q_ASSERT(m_mode == Mode::Blocking);
    while (m_phase != Phase::Done && m_phase != Phase::NotStarted) {
        tick();
        if (m_phase == Phase::Done)
            break;
        // waitForFinished reads both pipes as data arrives and emits readyRead* synchronously, so
        // our slots drain every chunk: the child never blocks on a full pipe and no buffer grows.
        if (m_process.state() != QProcess::NotRunning)
            m_process.waitForFinished(nextWakeMs());
        else
            QThread::msleep(kReapPollMs);
    }
}

int ProcessRunner::nextWakeMs() const
{
    switch (m_phase) {
    case Phase::Running:
        return clampWait(m_timeout.remainingTime(), kPollMs);
    case Phase::Terminating:
    case Phase::Killing:
        return clampWait(m_phaseDeadline.remainingTime(), kReapPollMs);
    default:
        return kPollMs;
    }
}

void ProcessRunner::requestKill()
{
    m_killRequested = true;
    if (m_mode == Mode::Async && thread() == QThread::currentThread() && !m_tickQueued) {
        m_tickQueued = true;
        QMetaObject::invokeMethod(this, [this] { m_tickQueued = false; tick(); }, Qt::QueuedConnection);
    }
}

void ProcessRunner::tick()
{
    if (m_phase == Phase::Done || m_phase == Phase::NotStarted)
        return;
    const bool directGone = m_process.state() == QProcess::NotRunning;

    if (m_phase == Phase::Running && !directGone) {
        if (m_lastTrack.hasExpired(kTrackEveryMs)) {
            m_tree.track();
            m_lastTrack.start();
        }
        if (stopRequested()) {
            m_result.cancelled = true;
            qCInfo(lcExec) << "cancelling pid" << m_result.pid;
            stop();
        } else if (m_timeout.hasExpired()) {
            m_result.timedOut = true;
            qCInfo(lcExec) << "pid" << m_result.pid << "timed out after" << m_spec.timeoutMs << "ms";
            stop();
        }
    }
    if (m_phase == Phase::Terminating && m_phaseDeadline.hasExpired())
        escalate();

    if (directGone) {
        // Only now is reaping by process group safe: QProcess has collected the direct child.
        if (treeIsGone()) {
            finalize(true);
            return;
        }
        if (m_phase == Phase::Running) {
            // The child exited but left processes in its group: they do not outlive the command.
            qCInfo(lcExec) << "pid" << m_result.pid << "exited, stopping what it left running";
            stop();
            if (m_phase == Phase::Terminating && m_phaseDeadline.hasExpired())
                escalate();
        } else if (m_phase == Phase::Killing && m_phaseDeadline.hasExpired()) {
            qCWarning(lcExec) << "process group" << m_result.pid << "survived SIGKILL; giving up on it";
            finalize(true);
            return;
        } else if (m_phase == Phase::Killing) {
            m_tree.killStragglers();  // forked since the last SIGKILL
        }
    } else if (m_phase == Phase::Killing && m_phaseDeadline.hasExpired()) {
        qCWarning(lcExec) << "pid" << m_result.pid << "survived SIGKILL; giving up on it";
        finalize(true);
        return;
    }

    if (m_mode == Mode::Async) {
        const int interval = (m_phase == Phase::Running && !directGone) ? kPollMs : kReapPollMs;
        if (m_ticker.interval() != interval)
            m_ticker.start(interval);
    }
}

bool ProcessRunner::stopRequested()
{
    if (m_spec.cancel.isCancelled() || m_killRequested)
        return true;
    if (const int sig = TerminationSignals::received()) {
        m_result.agentSignal = sig;
        qCInfo(lcExec) << "the agent received signal" << sig << "; stopping pid" << m_result.pid;
        return true;
    }
    return false;
}

bool ProcessRunner::treeIsGone()
{
    // Both, always: the group check reaps group members, the tree check everything else.
    const bool groupGone = m_group.reapAndCheckEmpty();
    const bool treeGone = m_tree.reapAndCheckEmpty();
    return groupGone && treeGone;
}

void ProcessRunner::stop()
{
    m_tree.terminateStragglers();
    if (m_group.terminate()) {
        m_phase = Phase::Terminating;
        m_phaseDeadline = QDeadlineTimer(m_spec.killGraceMs);
    } else {
        escalate();
    }
}

void ProcessRunner::escalate()
{
    m_group.kill();
    m_tree.killStragglers();
    m_phase = Phase::Killing;
    m_phaseDeadline = QDeadlineTimer(kGiveUpAfterKillMs);
}

void ProcessRunner::readOut()
{
    received(m_out, m_process.readAllStandardOutput(), true);
}

void ProcessRunner::readErr()
{
    received(m_err, m_process.readAllStandardError(), false);
}

void ProcessRunner::received(StreamCapture &capture, const QByteArray &chunk, bool isOut)
{
    if (chunk.isEmpty())
        return;
    capture.append(chunk);
    const QByteArrayView out = isOut ? QByteArrayView(chunk) : QByteArrayView();
    const QByteArrayView err = isOut ? QByteArrayView() : QByteArrayView(chunk);
    if (m_spec.onOutput)
        m_spec.onOutput(out, err);
    if (onOutput)
        onOutput(out, err);
}

void ProcessRunner::onProcessFinished()
{
    readOut();
    readErr();
    // Never finish from inside QProcess's own signal: the owner may delete us in response.
    if (m_mode == Mode::Async && !m_tickQueued) {
        m_tickQueued = true;
        QMetaObject::invokeMethod(this, [this] { m_tickQueued = false; tick(); }, Qt::QueuedConnection);
    }
}

void ProcessRunner::killNow()
{
    if (m_phase == Phase::Done || m_phase == Phase::NotStarted)
        return;
    m_result.cancelled = true;
    m_group.kill();
    m_tree.killStragglers();
    if (m_process.state() != QProcess::NotRunning)
        m_process.waitForFinished(kGiveUpAfterKillMs);
    if (m_process.state() == QProcess::NotRunning) {
        QDeadlineTimer limit(1000);
        while (!treeIsGone() && !limit.hasExpired()) {
            m_tree.killStragglers();
            QThread::msleep(10);
        }
    }
    finalize(false);
}

void ProcessRunner::finalize(bool notify)
{
    const bool started = m_phase != Phase::NotStarted;
    m_ticker.stop();
    if (started) {
        readOut();
        readErr();
        if (m_process.state() == QProcess::NotRunning) {
            // On a crash exit QProcess reports the terminating signal as the exit code.
            if (m_process.exitStatus() == QProcess::NormalExit)
                m_result.exitCode = m_process.exitCode();
            else
                m_result.signal = m_process.exitCode();
        }
    }
    m_result.out = m_out.finish();
    m_result.err = m_err.finish();
    m_result.durationMs = m_clock.elapsed();
    m_phase = Phase::Done;
    if (started) {
        qCInfo(lcExec).noquote() << "pid" << m_result.pid << "done: status" << m_result.statusNumber()
                                 << (m_result.timedOut ? "(timed out)" : m_result.cancelled ? "(cancelled)" : "")
                                 << "in" << m_result.durationMs << "ms, out" << m_result.out.totalBytes
                                 << "bytes, err" << m_result.err.totalBytes << "bytes";
    }
    if (!notify)
        return;
    if (m_mode == Mode::Async)
        QMetaObject::invokeMethod(this, &ProcessRunner::finished, Qt::QueuedConnection);
}

} // namespace teamai::exec
