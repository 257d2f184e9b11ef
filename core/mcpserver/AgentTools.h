#pragma once

#include "mcpserver/McpTool.h"
#include "mcpserver/StatusTool.h"

#include <QList>

namespace teamai::mcpserver {

/// @brief The tools `teamai mcp` offers, in the order tools/list shows them.
/// @p statusExtras adds to teamai_status what only the caller gathers (see StatusExtras).
QList<McpTool> agentTools(std::function<StatusExtras()> statusExtras = {});

} // namespace teamai::mcpserver
