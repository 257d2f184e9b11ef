#pragma once

#include "mcpserver/McpTool.h"
#include "mcpserver/StatusTool.h"

#include <QList>

namespace teamai::mcpserver {

/// @brief The tools `teamai mcp --tool CALLER` offers, in the order tools/list shows them.
/// @p caller is the normalized tool name the server was started for: the commands tools show
/// only its commands unless the user allows more (AgentScope). @p statusExtras adds to
/// teamai_status what only the caller gathers (see StatusExtras).
QList<McpTool> agentTools(const QString &caller, std::function<StatusExtras()> statusExtras = {});

} // namespace teamai::mcpserver
