#include "mcpserver/AgentTools.h"

#include "mcpserver/CommandTools.h"
#include "mcpserver/CommandOutputTool.h"
#include "mcpserver/KillSwitchTool.h"
#include "mcpserver/StatusTool.h"

namespace teamai::mcpserver {

QList<McpTool> agentTools(const QString &caller, std::function<StatusExtras()> statusExtras)
{
    return {statusTool(std::move(statusExtras)), commandsTool(caller), commandTool(caller), commandOutputTool(caller),
            disableRemoteCommandsTool()};
}

} // namespace teamai::mcpserver
