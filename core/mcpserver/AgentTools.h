#pragma once

#include "mcpserver/McpTool.h"

#include <QList>

namespace teamai::mcpserver {

/// @brief The tools `teamai mcp` offers, in the order tools/list shows them.
QList<McpTool> agentTools();

} // namespace teamai::mcpserver
