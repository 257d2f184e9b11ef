#pragma once

#include <QString>
#include <QtGlobal>

namespace teamai::cli {

/// @brief `teamai history --follow ID [--agent TOOL]`: prints a command's output as it arrives
/// (stdout bytes to stdout, stderr bytes to stderr) from its output files (core/output), which
/// the process running it writes. @p idText and @p agent are the raw option values; validated
/// here. Returns the exit code: 0 once the run is complete, 1 when this machine has no output
/// for the command, 2 on bad usage, 128 + signal when SIGINT/SIGTERM ended it.
int followCommandOutput(const QString &idText, const QString &agent, bool agentGiven);

} // namespace teamai::cli
