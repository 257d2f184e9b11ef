#pragma once

#include "mcpserver/McpTool.h"

namespace teamai::mcpserver {

/// @brief `teamai_status`: backend endpoint, where the token comes from (never the token), the
/// kill switch and who set it, pending and running counts, the last sync and its outcome.
McpTool statusTool();

/// @brief The kill switch as the tools show it (shared with teamai_disable_remote_commands).
QJsonObject remoteCommandsJson();
/// @brief The output schema of remoteCommandsJson().
QJsonObject remoteCommandsSchema();

} // namespace teamai::mcpserver
