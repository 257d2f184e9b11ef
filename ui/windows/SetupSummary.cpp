#include "windows/SetupSummary.h"

#include "agenthooks/DispatchHooks.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

namespace teamai::ui {

SetupSummary SetupSummary::collect(const QString &endpoint, AgentSettings::TokenLocation tokenLocation,
                                   const QString &fallbackReason)
{
    SetupSummary summary;
    summary.endpoint = endpoint;
    summary.token = tokenSavedNotice(tokenLocation, fallbackReason);
    for (const ToolInfo &tool : knownTools()) {
        if (!agenthooks::dispatch::installed(tool, paths::homeDir()).valueOr({}).isEmpty())
            summary.hookedAgents << tool.name;
    }
    return summary;
}

QString SetupSummary::text() const
{
    QStringList lines;
    lines << tr("Backend: %1").arg(endpoint);
    lines << token.text;
    if (hookedAgents.isEmpty())
        lines << tr("Agents: none is hooked yet. Install an agent, then choose it in Settings.");
    else
        lines << tr("Agents hooked: %1.").arg(hookedAgents.join(QStringLiteral(", ")));
    return lines.join(u'\n');
}

} // namespace teamai::ui
