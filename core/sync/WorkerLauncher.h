#pragma once

#include <QString>

namespace teamai {

/// @brief Starts `teamai worker --tool TOOL --cwd DIR` detached from this process, with stdin, stdout and
/// stderr on the null device so the agent that ran our hook is never kept waiting on a pipe.
/// The worker finishes what a foreground hook had no time for. Returns false (and logs) when it
/// could not be started.
bool launchDetachedWorker(const QString &tool, const QString &cwd);

/// @brief The lock file that keeps one worker per tool.
QString workerLockPath(const QString &tool);

} // namespace teamai
