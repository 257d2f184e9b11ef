#include "mcpserver/AgentTools.h"

#include "mcpserver/CommandTools.h"
#include "mcpserver/KillSwitchTool.h"
#include "mcpserver/StatusTool.h"

namespace teamai::mcpserver {

QList<McpTool> agentTools()
{
    return {statusTool(), commandsTool(), commandTool(), disableRemoteCommandsTool()};
}

} // namespace teamai::mcpserver
