#pragma once

#include "exec/ExecResult.h"
#include "exec/ExecSpec.h"
#include "exec/TaskInfo.h"
#include "output/CommandOutput.h"

#include <QObject>

#include <memory>

namespace teamai {

namespace exec {
class Executor;
} // namespace exec

/// @brief Runs one pushed command as a background task of the executor and writes its output,
/// as it arrives, to the command's private output files (core/output), so that other processes
/// can follow it: the tray's Commands window, `teamai mcp`, `teamai history --follow`.
///
/// The task's owner token is the tool the command came for (the output key's tool); the
/// executor never interprets it. run() waits in a local event loop until the executor reports
/// taskFinished for the task: that callback takes the result, writes the final output state and
/// forgets the task, so no finished task accumulates in the executor. A writer that cannot be
/// created is logged and the command runs all the same (output files are for watching; the
/// ledger keeps the result).
class CommandTask : public QObject
{
    Q_OBJECT
public:
    /// @brief @p key.tool becomes the owner; no output files when the key is not usable (no tool,
    /// no positive id).
    CommandTask(exec::Executor &executor, output::OutputKey key);
    ~CommandTask() override;

    /// @brief Starts @p spec (on the executor's thread: the caller's) and returns its result once
    /// the child and its tree are gone. The spec's own onStarted/onOutput still run.
    exec::ExecResult run(exec::ExecSpec spec);

private:
    void openWriter();
    void schedulePump();
    void pump();
    void onTaskFinished(exec::TaskId id);

    exec::Executor &m_executor;
    output::OutputKey m_key;
    std::unique_ptr<output::OutputWriter> m_writer;
    exec::TaskId m_id = 0;
    bool m_pumpQueued = false;
    std::optional<exec::ExecResult> m_result;
};

} // namespace teamai
