#include "sync/CommandTask.h"

#include "config/AgentSettings.h"
#include "exec/Executor.h"
#include "log/Logging.h"

#include <QEventLoop>

namespace teamai {

CommandTask::CommandTask(exec::Executor &executor, output::OutputKey key)
    : m_executor(executor)
    , m_key(std::move(key))
{
}

CommandTask::~CommandTask() = default;

void CommandTask::openWriter()
{
    if (m_key.tool.isEmpty() || m_key.commandId <= 0)
        return;
    // The window is lenient: a broken settings file gives the default, never a refusal.
    const qint64 window = AgentSettings::load().settings.commandOutputWindowBytes();
    auto created = output::OutputWriter::create(m_key, window);
    if (created)
        m_writer = std::move(created).value();
    else
        qCWarning(lcCommands).noquote() << "command" << m_key.commandId << "runs without followable output:" << created.error();
}

exec::ExecResult CommandTask::run(exec::ExecSpec spec)
{
    openWriter();
    spec.owner = m_key.tool;
    // The output's own state first: a follower sees the pid at once, whatever the ledger's write
    // of it (the inner callback) waits for.
    spec.onStarted = [this, inner = std::move(spec.onStarted)](qint64 pid) {
        if (m_writer)
            m_writer->setPid(pid);
        if (inner)
            inner(pid);
    };
    // Called on this thread while a chunk is being read: the executor has not queued it for
    // readOutput yet, and must not be called back from here. One queued pump per burst.
    spec.onOutput = [this, inner = std::move(spec.onOutput)](QByteArrayView out, QByteArrayView err) {
        if (inner)
            inner(out, err);
        schedulePump();
    };

    QEventLoop loop;
    // taskFinished is queued, never emitted from inside start(): connecting first is for clarity.
    connect(&m_executor, &exec::Executor::taskFinished, &loop, [this, &loop](exec::TaskId id) {
        if (id != m_id)
            return;
        onTaskFinished(id);
        loop.quit();
    });
    m_id = m_executor.start(spec);
    if (!m_result)
        loop.exec();
    return m_result ? std::move(*m_result) : exec::ExecResult();
}

void CommandTask::schedulePump()
{
    if (m_pumpQueued)
        return;
    m_pumpQueued = true;
    QMetaObject::invokeMethod(this, [this] {
        m_pumpQueued = false;
        pump();
    }, Qt::QueuedConnection);
}

void CommandTask::pump()
{
    const std::optional<exec::OutputChunk> chunk = m_executor.readOutput(m_id, m_key.tool);
    if (!chunk || !m_writer)
        return;
    // What the executor dropped came before what it kept: a hole of that size, then the bytes.
    if (chunk->droppedOut > 0)
        m_writer->skip(output::Stream::Out, chunk->droppedOut);
    m_writer->append(output::Stream::Out, chunk->out);
    if (chunk->droppedErr > 0)
        m_writer->skip(output::Stream::Err, chunk->droppedErr);
    m_writer->append(output::Stream::Err, chunk->err);
}

void CommandTask::onTaskFinished(exec::TaskId id)
{
    pump();  // the last of the output
    std::optional<exec::TaskInfo> info = m_executor.get(id);
    m_result = info && info->result ? std::move(*info->result) : exec::ExecResult();
    if (m_writer) {
        // The shell-style status, as the ledger stores exit_code (143 for SIGTERM); none when the
        // program never ran.
        const std::optional<int> status = m_result->exitCode || m_result->signal
            ? std::optional<int>(m_result->statusNumber()) : std::nullopt;
        m_writer->finish(status, m_result->out.spillPath, m_result->err.spillPath);
    }
    m_executor.remove(id, m_key.tool);
}

} // namespace teamai
