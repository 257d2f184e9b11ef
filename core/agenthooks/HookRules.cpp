#include "agenthooks/HookRules.h"

#include "agenthooks/HookEvents.h"
#include "agenthooks/HookSettingsFile.h"
#include "resources/InstallLock.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QDateTime>
#include <QDir>
#include <QJsonObject>

#include <optional>

namespace teamai::agenthooks::hookrules {
namespace {

const QString kTagKey = QStringLiteral("_teamai");

/// Our entry for @p slug, recognised by its tag alone — ours (`_teamai` on the hook) or the
/// reference client's (`description` on its group): a hook without one is someone else's, even
/// when it runs the very same command (the user may have added it themselves).
HookSettingsFile::Predicate ruleMatcher(const QString &slug)
{
    return [slug](const QJsonObject &hook) {
        return isTaggedAs(hook, slug) || hook.value(HookSettingsFile::groupDescriptionKey()).toString() == tagFor(slug);
    };
}

/// The reference tags nothing in a Codex-format file: its rule is the untagged hook running the
/// command its record names (as the reference itself removes it). Only for its own records.
HookSettingsFile::Predicate recordMatcher(const ToolInfo &tool, const std::optional<HookRuleRecord> &record,
                                          const QString &slug)
{
    const HookSettingsFile::Predicate tagged = ruleMatcher(slug);
    if (!record || !record->byReference || record->command.isEmpty() || tool.hooksFormat != HooksFormat::HooksJson)
        return tagged;
    const QString command = record->command;
    return [tagged, command](const QJsonObject &hook) {
        return tagged(hook) || (!hook.contains(kTagKey) && hook.value(QStringLiteral("command")).toString() == command);
    };
}

/// The reference's tag on the group, so that it recognises (and can uninstall) our rule too;
/// only in the Claude format, where the reference itself writes it.
QJsonObject groupKeysFor(const ToolInfo &tool, const QString &slug)
{
    if (tool.hooksFormat != HooksFormat::ClaudeSettings)
        return {};
    return QJsonObject{{QStringLiteral("description"), tagFor(slug)}};
}

/// Removes @p slug's entries from @p path: how many; fails when the file cannot be edited.
HookRuleOutcome failed(const QString &error)
{
    return {false, error, {}};
}

Result<int> removeFrom(const ToolInfo &tool, const QString &path, const HookSettingsFile::Predicate &ours)
{
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(path, layoutFor(tool));
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    const int removed = int(loaded.file.removeHooks(ours).size());
    if (const Status saved = loaded.file.saveIfChanged(); !saved)
        return Error{saved.error()};
    return removed;
}

} // namespace

QString tagFor(const QString &slug)
{
    return QStringLiteral("[teamai:agent-hook:%1]").arg(slug);
}

bool isTaggedAs(const QJsonObject &hook, const QString &slug)
{
    return hook.value(kTagKey).toString() == tagFor(slug);
}

QJsonObject hookObjectFor(const ToolInfo &tool, const HookRuleRecord &record)
{
    QJsonObject hook;
    if (layoutFor(tool) == HookLayout::Nested)
        hook.insert(QStringLiteral("type"), QStringLiteral("command"));
    hook.insert(QStringLiteral("command"), record.command);
    hook.insert(QStringLiteral("timeout"), record.timeoutSeconds);
    hook.insert(kTagKey, tagFor(record.slug));
    return hook;
}

Status writeHook(const ToolInfo &tool, const HookRuleRecord &record)
{
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(record.settingsPath, layoutFor(tool));
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    HookSettingsFile &file = loaded.file;
    const HookSettingsFile::Predicate ours = ruleMatcher(record.slug);
    file.ensureHook(record.agentEvent, record.matcher, hookObjectFor(tool, record), ours, groupKeysFor(tool, record.slug));
    // A re-install under another event replaces the old entry there too.
    for (const HookSettingsFile::Found &found : file.findHooks(ours)) {
        if (found.event != record.agentEvent)
            file.removeHooks(ours, found.event);
    }
    return file.saveIfChanged();
}

Result<int> removeHook(const ToolInfo &tool, const QString &settingsPath, const QString &slug)
{
    return removeFrom(tool, settingsPath, ruleMatcher(slug));
}

HookRuleOutcome install(const ToolInfo &tool, const QString &baseDir, const QString &scopeKey, const HookRuleSpec &spec)
{
    if (tool.hooksSettings.isEmpty())
        return failed(QStringLiteral("Hook rules are not supported for %1").arg(tool.name));
    const QString agentEvent = agentEventName(tool, spec.event);
    if (agentEvent.isEmpty())
        return failed(QStringLiteral("Unsupported hook event for %1: %2").arg(tool.name, spec.event));
    const QString settingsPath = baseDir + u'/' + tool.hooksSettings;

    resources::InstallLock lock;
    Result<AgentHookRegistry::Loaded> registry = resources::loadLocked(lock, [] { return AgentHookRegistry::load(); });
    if (!registry)
        return failed(registry.error());
    const std::optional<HookRuleRecord> previous = registry->registry.find(tool.name, spec.slug);
    if (previous && (previous->byReference || QDir::cleanPath(previous->settingsPath) != QDir::cleanPath(settingsPath))) {
        if (const Result<int> removed = removeFrom(tool, previous->settingsPath, recordMatcher(tool, previous, spec.slug)); !removed)
            return failed(removed.error());
    }

    HookRuleRecord record;
    record.tool = tool.name;
    record.slug = spec.slug;
    record.event = spec.event;
    record.agentEvent = agentEvent;
    record.matcher = spec.matcher;
    record.command = spec.command;
    record.timeoutSeconds = spec.timeoutSeconds;
    record.settingsPath = settingsPath;
    record.scopeKey = scopeKey;
    record.installedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    if (const Status written = writeHook(tool, record); !written)
        return failed(written.error());
    registry->registry.put(record);
    if (const Status saved = registry->registry.save(); !saved)
        return failed(saved.error());
    return {true, {}, QStringLiteral("%1 hook rule %2 on %3 in %4")
                          .arg(previous ? QStringLiteral("replaced") : QStringLiteral("installed"), spec.slug, agentEvent, settingsPath)};
}

HookRuleOutcome uninstall(const ToolInfo &tool, const QString &slug)
{
    resources::InstallLock lock;
    Result<AgentHookRegistry::Loaded> registry = resources::loadLocked(lock, [] { return AgentHookRegistry::load(); });
    if (!registry)
        return failed(registry.error());
    const std::optional<HookRuleRecord> record = registry->registry.find(tool.name, slug);
    QStringList files;
    if (record)
        files.append(QDir::cleanPath(record->settingsPath));
    if (!tool.hooksSettings.isEmpty()) {
        const QString userFile = QDir::cleanPath(paths::homeDir() + u'/' + tool.hooksSettings);
        if (!files.contains(userFile))
            files.append(userFile);
    }
    int removed = 0;
    for (const QString &path : files) {
        const Result<int> removedHere = removeFrom(tool, path, recordMatcher(tool, record, slug));
        if (!removedHere)
            return failed(removedHere.error());
        removed += *removedHere;
    }
    if (record) {
        registry->registry.remove(tool.name, slug);
        if (const Status saved = registry->registry.save(); !saved)
            return failed(saved.error());
    }
    return {true, {}, removed > 0 || record
        ? QStringLiteral("removed hook rule %1 from %2").arg(slug, files.first())
        : QStringLiteral("hook rule %1 was not installed for %2; nothing to remove").arg(slug, tool.name)};
}

QList<HookRuleRecord> installed(const ToolInfo &tool)
{
    return AgentHookRegistry::load().registry.forTool(tool.name);
}

Result<QList<HookRuleRecord>> installedForAllTools()
{
    AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    return loaded.registry.all();
}

QString stateName(const HookRuleRecord &record)
{
    return record.withdrawn ? QStringLiteral("withdrawn") : QStringLiteral("active");
}

} // namespace teamai::agenthooks::hookrules
