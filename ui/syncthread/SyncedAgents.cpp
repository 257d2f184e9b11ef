#include "syncthread/SyncedAgents.h"

#include "agenthooks/DispatchHooks.h"
#include "config/AgentSettings.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

namespace teamai::ui {

QStringList syncedAgents(bool orDefault)
{
    QStringList agents;
    const QStringList chosen = AgentSettings::load().settings.enabledAgents();
    for (const ToolInfo &tool : knownTools()) {
        for (const QString &name : chosen) {
            if (normalizeToolName(name) == tool.name && !agents.contains(tool.name))
                agents << tool.name;
        }
    }
    if (agents.isEmpty()) {
        for (const ToolInfo &tool : knownTools()) {
            if (!agenthooks::dispatch::installed(tool, paths::homeDir()).valueOr({}).isEmpty())
                agents << tool.name;
        }
    }
    if (agents.isEmpty() && orDefault)
        agents << defaultTool().name;
    return agents;
}

} // namespace teamai::ui
