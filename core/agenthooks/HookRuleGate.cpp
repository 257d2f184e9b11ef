#include "agenthooks/HookRuleGate.h"

#include "agenthooks/AgentHookRegistry.h"
#include "agenthooks/HookEvents.h"
#include "agenthooks/HookRules.h"
#include "config/RemoteCommandGate.h"
#include "log/Logging.h"
#include "resources/InstallLock.h"
#include "resources/ResourceScope.h"
#include "tools/ToolTable.h"

#include <QDateTime>
#include <QDir>

namespace teamai::agenthooks::hookrules {
namespace {

// An explicit flip by the user may wait for a hook that holds the lock; a round start may not.
constexpr int kSwitchLockWaitMs = 10000;

bool anyToChange(const AgentHookRegistry &registry, bool allowed)
{
    for (const HookRuleRecord &record : registry.all()) {
        if (record.withdrawn == allowed)
            return true;
    }
    return false;
}

/// A record read back is checked as the install checked it (issue 12: stored paths are validated
/// on every read): its file must be the tool's hooks settings in the scope it names, and its
/// event the tool's spelling of the event the backend sent.
Status checkRecord(const ToolInfo &tool, const HookRuleRecord &record)
{
    const QString expected = QDir::cleanPath(resources::ResourceScope::fromKey(record.scopeKey).baseDir + u'/' + tool.hooksSettings);
    if (QDir::cleanPath(record.settingsPath) != expected)
        return Error{QStringLiteral("agent-hooks.json names %1, which is not %2's hook settings (%3); left unchanged")
                         .arg(record.settingsPath, tool.name, expected)};
    if (record.agentEvent.isEmpty() || agentEventName(tool, record.event) != record.agentEvent)
        return Error{QStringLiteral("agent-hooks.json has an invalid event `%1`; left unchanged").arg(record.agentEvent)};
    return {};
}

/// Withdraws or restores @p record in its settings file.
Status applyTo(const HookRuleRecord &record, bool allowed)
{
    const ToolInfo *tool = findTool(record.tool);
    if (!tool || tool->hooksSettings.isEmpty())
        return Error{QStringLiteral("agent-hooks.json names an unknown tool `%1`").arg(record.tool)};
    if (const Status checked = checkRecord(*tool, record); !checked)
        return checked;
    if (allowed)
        return writeHook(*tool, record);
    if (const Result<int> removed = removeHook(*tool, record.settingsPath, record.slug); !removed)
        return Error{removed.error()};
    return {};
}

} // namespace

GateFollowed followGate(bool allowed, const QString &because, int lockWaitMs)
{
    GateFollowed followed;
    if (!anyToChange(AgentHookRegistry::load().registry, allowed))
        return followed;  // the common case: nothing installed, or already in line

    resources::InstallLock lock;
    if (const Status locked = lock.acquire(lockWaitMs); !locked) {
        followed.errors.append(locked.error());
        return followed;
    }
    AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
    if (!loaded.error.isEmpty()) {
        followed.errors.append(loaded.error);
        return followed;
    }
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    for (HookRuleRecord record : loaded.registry.all()) {
        if (record.withdrawn != allowed)
            continue;
        if (const Status applied = applyTo(record, allowed); !applied) {
            followed.errors.append(QStringLiteral("hook rule %1 (%2): %3").arg(record.slug, record.tool, applied.error()));
            continue;
        }
        record.withdrawn = !allowed;
        record.withdrawnAt = allowed ? QString() : now;
        record.withdrawnBecause = allowed ? QString() : because;
        loaded.registry.put(record);
        ++(allowed ? followed.restored : followed.withdrawn);
        qCInfo(lcCommands).noquote() << (allowed ? "restored" : "withdrew") << "hook rule" << record.slug << "for"
                                     << record.tool << (allowed ? "into" : "from") << record.settingsPath;
    }
    // A settings file already changed but the record not saved heals on the next call: the
    // entry is then found (or not) exactly as wanted and only the record is written.
    if (followed.withdrawn || followed.restored) {
        if (const Status saved = loaded.registry.save(); !saved)
            followed.errors.append(saved.error());
    }
    for (const QString &problem : followed.errors)
        qCWarning(lcCommands).noquote() << "kill switch and hook rules:" << problem;
    return followed;
}

/// Our former agent-hooks.json shape is rewritten in the reference's once, so that the reference
/// (which reads the file as it is) sees our rules. Quiet when there is nothing to do.
void migrateRegistryIfNeeded(int lockWaitMs)
{
    if (!AgentHookRegistry::load().needsMigration)
        return;
    resources::InstallLock lock;
    if (!lock.acquire(lockWaitMs))
        return;  // the next round tries again
    AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
    if (!loaded.error.isEmpty() || !loaded.needsMigration)
        return;
    if (const Status saved = loaded.registry.save(); saved)
        qCInfo(lcCommands).noquote() << "agent-hooks.json: moved to the reference client's format";
    else
        qCWarning(lcCommands).noquote() << "agent-hooks.json: cannot move to the reference client's format:" << saved.error();
}

GateFollowed followGateNow(int lockWaitMs)
{
    migrateRegistryIfNeeded(lockWaitMs);
    // Most machines have no hook rule: then not even the policy and settings are read.
    if (AgentHookRegistry::load().registry.all().isEmpty())
        return {};
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    return followGate(gate.allowed, RemoteCommandGate::reasonName(gate.reason), lockWaitMs);
}

Result<GateFollowed> setRemoteCommandsEnabled(bool enabled, const QString &changedBy)
{
    if (const Status saved = RemoteCommandGate::setUserEnabled(enabled, changedBy); !saved)
        return Error{saved.error()};
    return followGateNow(kSwitchLockWaitMs);
}

} // namespace teamai::agenthooks::hookrules
