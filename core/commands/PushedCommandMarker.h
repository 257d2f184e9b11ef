#pragma once

#include <QString>

namespace teamai {

/// @brief The marker a process started for a pushed command carries: the product sets
/// `TEAMAI_PUSHED_COMMAND=<command id>` in that child's environment, after the environment scrub
/// (exec::resolve applies the product's explicit entries last). A `teamai` process that sees it
/// runs only what the pushed-command allowlist allows and never syncs, starts or is a worker,
/// runs hook mode, init or remote-cmd, or runs another pushed command — however deep.
namespace pushedmarker {

/// @brief The variable's name.
QString variableName();

/// @brief True when this process (or an ancestor) was started for a pushed command. Set at all
/// counts, even empty: a marker that is there is never ignored.
bool isInsidePushedCommand();

/// @brief The one-line refusal under the marker: "refused inside a pushed command
/// (TEAMAI_PUSHED_COMMAND is set): <detail>".
QString refusal(const QString &detail);

} // namespace pushedmarker
} // namespace teamai
