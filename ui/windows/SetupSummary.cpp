#include "windows/SetupSummary.h"

#include "agenthooks/DispatchHooks.h"
#include "config/TokenStore.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

namespace teamai::ui {

SetupSummary SetupSummary::collect(const QString &endpoint, AgentSettings::TokenLocation tokenLocation)
{
    SetupSummary summary;
    summary.endpoint = endpoint;
    summary.tokenLocation = tokenLocation;
    summary.tokenFile = TokenStore::tokenFilePath();
    for (const ToolInfo &tool : knownTools()) {
        if (!agenthooks::dispatch::installed(tool, paths::homeDir()).isEmpty())
            summary.hookedAgents << tool.name;
    }
    return summary;
}

QString SetupSummary::text() const
{
    QStringList lines;
    lines << tr("Backend: %1").arg(endpoint);
    switch (tokenLocation) {
    case AgentSettings::TokenLocation::Keychain:
        lines << tr("Token: saved in the system credential store.");
        break;
    case AgentSettings::TokenLocation::File:
        lines << tr("Token: saved in %1, a file only you can read, because no system credential store answered. "
                    "Install one (for example gnome-keyring) to keep the token there.").arg(tokenFile);
        break;
    case AgentSettings::TokenLocation::None:
        lines << tr("Token: not saved.");
        break;
    }
    if (hookedAgents.isEmpty())
        lines << tr("Agents: none is hooked yet. Install an agent, then choose it in Settings.");
    else
        lines << tr("Agents hooked: %1.").arg(hookedAgents.join(QStringLiteral(", ")));
    return lines.join(u'\n');
}

} // namespace teamai::ui
