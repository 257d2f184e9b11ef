#pragma once

#include "plugins/PluginReconciler.h"

#include <QString>

#include <QDeadlineTimer>

namespace teamai {
class BackendClient;
struct ToolInfo;
}

namespace teamai::plugins {

/// @brief How one `teamai reconcile-plugins` went.
struct PullOutcome {
    bool ran = false;          ///< false: not due, locked by another run, or refused (see error)
    bool fetched = false;      ///< get-config answered with a usable object
    QString error;             ///< why nothing was reconciled
    ReconcileReport report;
};

/// @brief get-config's plugins, used as the reference client uses them (teamai-cli 0.25
/// `maybeReconcilePlugins` / `runPluginReconcileWorker`): at most every 12 hours (an hour after
/// a failure) a session-start hook reads `GET /api/local-agent/get-config`; when it declares
/// plugins, or plugins.json records some, it starts a detached `teamai reconcile-plugins`
/// (the reference starts that process every time and lets it ask). That reads get-config again,
/// fills each plugin's `${name}` placeholders from the
/// answer's variables and `local_agent_id` (`<tool>-<local agent id>`), and reconciles
/// plugins.json — every command through PluginRunner.
///
/// A failed request or a malformed answer changes nothing (plugins.json untouched, no command
/// run) and only records the failure time; the reference would treat a malformed answer as "no
/// plugins" and uninstall them all. A plugin whose placeholders cannot all be filled is left as
/// it is. Nothing is fetched or run while the remote-command kill switch is off.
namespace pull {

/// @brief True when a session-start hook should look at get-config now (due, allowed, and
/// this is not a process started for a pushed command).
bool due();

/// @brief The session-start hook's part: asks get-config through @p client within
/// kHookBudgetMs (and @p deadline); records a failure, records "nothing to do" when no plugin
/// is declared or recorded, else starts `teamai reconcile-plugins --tool TOOL` detached.
void checkFromHook(const ToolInfo &tool, BackendClient &client, QDeadlineTimer deadline);

/// @brief Starts `teamai reconcile-plugins --tool TOOL` detached (stdio on the null device).
bool launch(const QString &tool);

inline constexpr int kHookBudgetMs = 1000;

/// @brief The work of `teamai reconcile-plugins`: one pull and reconcile when due, unless
/// another one holds the lock.
PullOutcome run(const ToolInfo &tool);

/// @brief `teamai uninstall`: runs every recorded plugin's uninstall command (through
/// PluginRunner, so refused while remote commands are off) and drops those that succeeded.
ReconcileReport teardownAll();

} // namespace pull
} // namespace teamai::plugins
