#pragma once

#include <QJsonArray>
#include <QString>

namespace teamai {

class AgentConfig;
struct ToolInfo;

/// @brief The `workspaces` of the report and sync bodies, chosen as the reference client chooses
/// them (docs/compatibility.md): the bindings of the current tool plus the workspace of the hook's
/// cwd (its git root, bound or not); `name` is the folder name, `ide_type` the agent type,
/// `project_id` the binding's id as a number (absent for an unbound workspace).
namespace reportworkspaces {

/// @brief The workspace of @p cwd: the enclosing git work tree's root (a folder holding `.git`),
/// else @p cwd itself, canonical (symlinks resolved). Empty for an empty @p cwd and for a
/// WorkBuddy task folder (`…/WorkBuddy/<YYYY-MM-DD…>/…`), which is ephemeral.
QString workspaceOf(const QString &cwd);

/// @brief The workspace entries (path, name, ide_type, project_id?) for @p tool; bindings whose
/// folder no longer exists are left out.
QJsonArray select(const ToolInfo &tool, const AgentConfig &config, const QString &cwd);

/// @brief select() for a cwd whose workspace (workspaceOf()) is known already: a round
/// computes it once (a walk up to the git root) for the bindings' upkeep, the report and the sync.
QJsonArray selectAround(const ToolInfo &tool, const AgentConfig &config, const QString &currentWorkspace);

} // namespace reportworkspaces
} // namespace teamai
