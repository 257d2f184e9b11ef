#pragma once

#include <QString>

namespace teamai {

struct ToolInfo;

/// @brief Starts `teamai worker --tool TOOL --cwd DIR [--report-event EVENT]` detached from this
/// process, with stdin, stdout and stderr on the null device so the agent that ran our hook is
/// never kept waiting on a pipe. The worker finishes what a foreground hook had no time for, and
/// with @p reportEvent does the whole round of a hook that handed it over (handRoundToWorker).
/// Returns false (and logs) when it could not be started.
bool launchDetachedWorker(const QString &tool, const QString &cwd, const QString &reportEvent = QString());

/// @brief What a `stop` or `post-tool-use` hook does instead of a round of its own (issue 14 item
/// 7, as the reference client forks a detached child for them): records its report request
/// (ReportRequest) and starts the worker, with no network in this process. False when the request
/// cannot be written or the worker cannot be started; the request is then taken back, and the
/// hook runs the round itself within its budget, so nothing is lost.
bool handRoundToWorker(const ToolInfo &tool, const QString &event, const QString &cwd);

/// @brief The lock file that keeps one worker per tool.
QString workerLockPath(const QString &tool);

} // namespace teamai
