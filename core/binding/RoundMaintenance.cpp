#include "binding/RoundMaintenance.h"

#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "config/AgentConfig.h"
#include "log/Logging.h"
#include "tools/ToolTable.h"

namespace teamai::binding {

void maintainBeforeRound(AgentConfig &config, const ToolInfo &tool, const QString &workspace, int lockTimeoutMs)
{
    const BindingStore store(AgentConfig::defaultPath(), lockTimeoutMs);
    BindingStore::Outcome current = store.read();
    if (!current.ok)
        return;
    const auto maintain = [&](QJsonObject &all) {
        const bool pruned = bindings::pruneDead(all);
        const bool stamped = bindings::stampTool(all, workspace, tool.agentType);
        return pruned || stamped;
    };
    QJsonObject probe = current.bindings;
    const QJsonObject raw = current.config.toJson().value(QStringLiteral("workspaceBindings")).toObject();
    // Most rounds change nothing: then the file is neither locked nor written.
    if (maintain(probe) || probe != raw) {
        const BindingStore::Outcome saved = store.update(maintain);
        if (saved.ok)
            current = saved;
        else
            qCInfo(lcConfig).noquote() << "bindings not tidied this round:" << saved.error;
    }
    config.setWorkspaceBindingsJson(current.bindings);
}

} // namespace teamai::binding
