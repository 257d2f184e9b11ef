#pragma once

#include "exec/StreamResult.h"

#include <QString>
#include <QtGlobal>

#include <optional>

namespace teamai::exec {

/// @brief Outcome of one child. Timed out, cancelled, signal and exit code are separate facts
/// (SPEC §5): a child killed after a timeout has timedOut set *and* its signal.
struct ExecResult {
    std::optional<int> exitCode;  ///< set when the child exited normally
    std::optional<int> signal;    ///< set when a signal ended it (POSIX only)
    bool timedOut = false;
    bool cancelled = false;
    /// Set when the agent itself received this termination signal (SIGTERM, SIGINT, SIGHUP)
    /// while the child ran, and stopped the child for it (cancelled is then set too).
    std::optional<int> agentSignal;
    int effectiveTimeoutMs = 0;
    StreamResult out;
    StreamResult err;
    QString startError;           ///< non-empty when the program could not start
    qint64 pid = 0;
    qint64 durationMs = 0;

    /// @brief The shell-style status: the exit code, or 128 + signal (SIGTERM → 143); -1 when it
    /// never ran. This is what the ledger stores as exit_code, next to the signal.
    int statusNumber() const;
    /// @brief Started, exited with code 0, neither timed out nor cancelled.
    bool succeeded() const;
};

} // namespace teamai::exec
