#pragma once

#include "mcpserver/McpTool.h"

namespace teamai::mcpserver {

/// @brief `teamai_command_output`: a running or finished command's stdout and stderr from a
/// cursor (core/output): the new bytes (whole UTF-8 sequences, secrets masked), the next cursor,
/// the lossy flags, running/finished/exit code and the spill files. Scoped to @p caller's
/// commands like the other commands tools (AgentScope).
McpTool commandOutputTool(const QString &caller);

} // namespace teamai::mcpserver
