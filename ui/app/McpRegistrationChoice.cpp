#include "app/McpRegistrationChoice.h"

#include "mcp/McpRegistration.h"
#include "tools/ToolTable.h"

namespace teamai::ui::mcpchoice {
namespace {

void note(Result &result, const QString &agent, const mcp::registration::Outcome &outcome)
{
    if (!outcome.ok)
        result.errors << QStringLiteral("%1: %2").arg(agent, outcome.error);
    else if (outcome.userOwned)
        result.userOwned << agent;
}

} // namespace

bool isRegistered()
{
    for (const ToolInfo &tool : knownTools()) {
        if (!mcp::registration::recordedFile(tool).isEmpty())
            return true;
    }
    return false;
}

Result apply(bool wanted, const QStringList &agents, const QString &teamai)
{
    Result result;
    if (!wanted) {
        for (const ToolInfo &tool : knownTools()) {
            if (!mcp::registration::recordedFile(tool).isEmpty())
                note(result, tool.name, mcp::registration::unregisterServer(tool));
        }
        return result;
    }
    for (const QString &agent : agents) {
        const ToolInfo *tool = findTool(agent);
        if (!tool || tool->mcpFormat == McpFormat::None || tool->mcpConfig.isEmpty())
            continue;  // no MCP configuration TeamAI can write for it
        note(result, tool->name, mcp::registration::registerServer(*tool, teamai));
    }
    return result;
}

} // namespace teamai::ui::mcpchoice
