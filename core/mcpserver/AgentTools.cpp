#include "mcpserver/AgentTools.h"

#include "mcpserver/CommandTools.h"
#include "mcpserver/KillSwitchTool.h"
#include "mcpserver/StatusTool.h"

namespace teamai::mcpserver {

QList<McpTool> agentTools(std::function<StatusExtras()> statusExtras)
{
    return {statusTool(std::move(statusExtras)), commandsTool(), commandTool(), disableRemoteCommandsTool()};
}

} // namespace teamai::mcpserver
