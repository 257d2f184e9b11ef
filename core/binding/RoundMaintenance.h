#pragma once

#include <QString>

namespace teamai {
class AgentConfig;
struct ToolInfo;
}

namespace teamai::binding {

/// @brief What the reference client does to the bindings before each report (teamai-cli 0.25
/// `pruneDeadWorkspaceBindings` and `stampWorkspaceTool`): drops the bindings of folders that
/// are gone and records @p tool as the `ideType` of @p workspace (workspaceOf() of the hook's
/// cwd, which the round computes once for this and its report and sync), saving config.json
/// only when that changed something. @p config (the sync engine's copy) then gets the bindings
/// as they are on disk, so a binding made since it was loaded is reported.
///
/// Nothing happens without a config.json (environment-only mode), and a lock held by another
/// process for longer than @p lockTimeoutMs or a failed write only skips the saving: the round
/// goes on with what it has.
void maintainBeforeRound(AgentConfig &config, const ToolInfo &tool, const QString &workspace, int lockTimeoutMs);

} // namespace teamai::binding
