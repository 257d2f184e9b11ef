#pragma once

#include "mcpserver/McpTool.h"

namespace teamai::mcpserver {

/// @brief `teamai_commands`: the commands this machine received, newest first, filtered by
/// state, type, agent and since (ISO time), limit 1..500 (default 50).
McpTool commandsTool();

/// @brief `teamai_command`: one command's record by id: type, state, what was asked (redacted),
/// exit code, signal, timed out, cancelled, delivery and every ack attempt.
McpTool commandTool();

} // namespace teamai::mcpserver
