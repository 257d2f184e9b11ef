#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace teamai::exec {

/// @brief Limits that apply to every run (SPEC §5 defaults); an admin policy may lower the timeout.
struct ExecPolicy {
    int defaultTimeoutMs = 120000;
    std::optional<int> maxTimeoutMs;          ///< admin policy cap; wins over any request
    qint64 memoryCapBytes = 8 * 1024 * 1024;  ///< per stream, kept in memory
    /// Empty = paths::agentStateDir() + "/spill". Created if missing and restricted to 0700, so
    /// give a folder the agent owns alone (never a shared one such as /tmp).
    QString spillDir;
    int spillRetentionDays = 7;
    int killGraceMs = 2000;                   ///< SIGTERM → SIGKILL delay
};

} // namespace teamai::exec
