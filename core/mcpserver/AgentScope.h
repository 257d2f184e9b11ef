#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QString>

namespace teamai::mcpserver {

/// @brief Whose commands a tool call may see. The caller is the agent tool `teamai mcp --tool`
/// was started for (the owner token of its commands' tasks). By default a call sees only the
/// caller's commands; naming another tool, or `*` for all, needs the user's setting
/// agentsSeeAllCommands (settings.json or the tray), read at every call.
struct AgentScope {
    QString caller;   ///< normalized tool name (ToolTable)
    QString agent;    ///< the agent_type to filter by; empty: every agent (`*`, allowed)

    /// @brief The scope for @p arguments' optional `agent`; fails (a plain message for the model)
    /// when it names another tool and the user has not allowed it, or an unknown tool.
    static Result<AgentScope> resolve(const QString &caller, const QJsonObject &arguments);
};

/// @brief The `agent` argument's description, shared by the tools that take it.
QString agentArgumentDescription();

} // namespace teamai::mcpserver
