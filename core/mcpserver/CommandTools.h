#pragma once

#include "mcpserver/McpTool.h"

namespace teamai::mcpserver {

/// @brief `teamai_commands`: the commands this machine received, newest first, filtered by
/// state, type, agent and since (ISO time), limit 1..500 (default 50). Only @p caller's commands
/// unless the user allows more (AgentScope).
McpTool commandsTool(const QString &caller);

/// @brief `teamai_command`: one command's record by id: type, state, what was asked (redacted),
/// exit code, signal, timed out, cancelled, delivery and every ack attempt. Scoped like commandsTool.
McpTool commandTool(const QString &caller);

} // namespace teamai::mcpserver
