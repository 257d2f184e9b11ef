#pragma once

#include "mcpserver/McpTool.h"

namespace teamai::mcpserver {

/// @brief The name the kill switch records for changes made through `teamai mcp`.
inline constexpr const char *kMcpChangedBy = "agent (teamai mcp)";

/// @brief `teamai_disable_remote_commands`: what `teamai remote-cmd disable` does, recorded as
/// changed by kMcpChangedBy. There is deliberately no tool that enables them.
McpTool disableRemoteCommandsTool();

} // namespace teamai::mcpserver
