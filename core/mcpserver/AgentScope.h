#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace teamai::mcpserver {

/// @brief Whose commands a tool call may see. The caller is the agent tool `teamai mcp --tool`
/// was started for (the owner token of its commands' tasks). By default a call sees only the
/// caller's commands; naming another tool, or `*` for all, needs the user's setting
/// agentsSeeAllCommands (settings.json or the tray), read at every call.
struct AgentScope {
    QString caller;   ///< normalized tool name (ToolTable)
    QString agent;    ///< the agent_type to filter by; empty: every agent (`*`, allowed)

    /// @brief The scope for @p arguments' optional `agent`; nullopt with @p error (a plain
    /// message for the model) when it names another tool and the user has not allowed it, or an
    /// unknown tool.
    static std::optional<AgentScope> resolve(const QString &caller, const QJsonObject &arguments, QString *error);
};

/// @brief The `agent` argument's description, shared by the tools that take it.
QString agentArgumentDescription();

} // namespace teamai::mcpserver
