#include "mcpserver/AgentScope.h"

#include "config/AgentSettings.h"
#include "tools/ToolTable.h"

namespace teamai::mcpserver {

Result<AgentScope> AgentScope::resolve(const QString &caller, const QJsonObject &arguments)
{
    const QString asked = arguments.value(QStringLiteral("agent")).toString().trimmed();
    const bool all = asked == QLatin1String("*");
    const ToolInfo *named = asked.isEmpty() || all ? nullptr : findTool(asked);
    if (!asked.isEmpty() && !all && !named)
        return Error{QStringLiteral("unknown agent tool `%1` (known: %2, or * for all)").arg(asked, knownToolList())};
    if (asked.isEmpty() || (named && named->name == caller))
        return AgentScope{caller, caller};
    // Read now, never cached: the user may have just changed it in the tray.
    if (!AgentSettings::load().settings.agentsSeeAllCommands()) {
        return Error{QStringLiteral("this MCP server was started for %1 and shows only %1's commands; %2's are not shown. "
                                    "The user can allow agents to see every agent's commands: the tray's setting, or "
                                    "\"agentsSeeAllCommands\": true in %3")
                         .arg(caller, all ? QStringLiteral("other agents") : named->name, AgentSettings::defaultPath())};
    }
    return AgentScope{caller, all ? QString() : named->name};
}

QString agentArgumentDescription()
{
    return QStringLiteral("The agent tool whose commands to show (default: the agent this server was started for), "
                          "or * for all. Other agents' commands are shown only when the user allows it "
                          "(setting agentsSeeAllCommands).");
}

} // namespace teamai::mcpserver
