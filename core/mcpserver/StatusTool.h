#pragma once

#include "mcpserver/McpTool.h"

#include <QStringList>

#include <functional>

namespace teamai::mcpserver {

/// @brief More of what `teamai status` shows, gathered by the caller (the CLI's StatusInventory:
/// MCP servers, model gateways, bindings): keys merged into the structured result, lines
/// appended to its text.
struct StatusExtras {
    QJsonObject json;
    QStringList lines;
};

/// @brief `teamai_status`: backend endpoint, where the token comes from (never the token), the
/// kill switch and who set it, pending and running counts, the last sync and its outcome, the
/// hook rules the backend installed, and whatever @p extras adds.
McpTool statusTool(std::function<StatusExtras()> extras = {});

/// @brief The kill switch as the tools show it (shared with teamai_disable_remote_commands).
QJsonObject remoteCommandsJson();
/// @brief The output schema of remoteCommandsJson().
QJsonObject remoteCommandsSchema();

} // namespace teamai::mcpserver
