#pragma once

#include <QString>

namespace teamai {

/// @brief A process as the ledger remembers it: its pid and its start time, so a reused pid is
/// never mistaken for the process that claimed a command.
struct ProcessIdentity {
    qint64 pid = 0;
    QString startTime;  ///< opaque; empty when the platform cannot tell

    /// @brief This process.
    static ProcessIdentity current();
    /// @brief @p pid as it is now (startTime empty when no such process).
    static ProcessIdentity of(qint64 pid);
    /// @brief True when a process with this pid runs (a zombie does not) and, where known, started
    /// at the same time.
    bool isAlive() const;
};

} // namespace teamai
