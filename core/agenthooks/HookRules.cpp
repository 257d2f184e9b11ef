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

/// Removes @p slug's entries from @p path; false with @p error when the file cannot be edited.
bool removeFrom(const ToolInfo &tool, const QString &path, const HookSettingsFile::Predicate &ours, QString *error,
                int *removed)
{
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(path, layoutFor(tool));
    if (!loaded.error.isEmpty()) {
        *error = loaded.error;
        return false;
    }
    *removed += int(loaded.file.removeHooks(ours).size());
    return loaded.file.saveIfChanged(error);
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

bool writeHook(const ToolInfo &tool, const HookRuleRecord &record, QString *error)
{
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(record.settingsPath, layoutFor(tool));
    if (!loaded.error.isEmpty()) {
        *error = loaded.error;
        return false;
    }
    HookSettingsFile &file = loaded.file;
    const HookSettingsFile::Predicate ours = ruleMatcher(record.slug);
    file.ensureHook(record.agentEvent, record.matcher, hookObjectFor(tool, record), ours, groupKeysFor(tool, record.slug));
    // A re-install under another event replaces the old entry there too.
    for (const HookSettingsFile::Found &found : file.findHooks(ours)) {
        if (found.event != record.agentEvent)
            file.removeHooks(ours, found.event);
    }
    return file.saveIfChanged(error);
}

bool removeHook(const ToolInfo &tool, const QString &settingsPath, const QString &slug, QString *error, int *removed)
{
    int count = 0;
    const bool ok = removeFrom(tool, settingsPath, ruleMatcher(slug), error, &count);
    if (removed)
        *removed += count;
    return ok;
}

HookRuleOutcome install(const ToolInfo &tool, const QString &baseDir, const QString &scopeKey, const HookRuleSpec &spec)
{
    HookRuleOutcome outcome;
    if (tool.hooksSettings.isEmpty()) {
        outcome.error = QStringLiteral("Hook rules are not supported for %1").arg(tool.name);
        return outcome;
    }
    const QString agentEvent = agentEventName(tool, spec.event);
    if (agentEvent.isEmpty()) {
        outcome.error = QStringLiteral("Unsupported hook event for %1: %2").arg(tool.name, spec.event);
        return outcome;
    }
    const QString settingsPath = baseDir + u'/' + tool.hooksSettings;

    resources::InstallLock lock;
    if (!toOutParameter(lock.acquire(), &outcome.error))
        return outcome;
    AgentHookRegistry::Loaded registry = AgentHookRegistry::load();
    if (!registry.error.isEmpty()) {
        outcome.error = registry.error;
        return outcome;
    }
    const std::optional<HookRuleRecord> previous = registry.registry.find(tool.name, spec.slug);
    if (previous && (previous->byReference || QDir::cleanPath(previous->settingsPath) != QDir::cleanPath(settingsPath))) {
        int removed = 0;
        if (!removeFrom(tool, previous->settingsPath, recordMatcher(tool, previous, spec.slug), &outcome.error, &removed))
            return outcome;
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
    if (!writeHook(tool, record, &outcome.error))
        return outcome;
    registry.registry.put(record);
    if (!registry.registry.save(&outcome.error))
        return outcome;
    outcome.ok = true;
    outcome.detail = QStringLiteral("%1 hook rule %2 on %3 in %4")
                         .arg(previous ? QStringLiteral("replaced") : QStringLiteral("installed"), spec.slug, agentEvent, settingsPath);
    return outcome;
}

HookRuleOutcome uninstall(const ToolInfo &tool, const QString &slug)
{
    HookRuleOutcome outcome;
    resources::InstallLock lock;
    if (!toOutParameter(lock.acquire(), &outcome.error))
        return outcome;
    AgentHookRegistry::Loaded registry = AgentHookRegistry::load();
    if (!registry.error.isEmpty()) {
        outcome.error = registry.error;
        return outcome;
    }
    const std::optional<HookRuleRecord> record = registry.registry.find(tool.name, slug);
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
        if (!removeFrom(tool, path, recordMatcher(tool, record, slug), &outcome.error, &removed))
            return outcome;
    }
    if (record) {
        registry.registry.remove(tool.name, slug);
        if (!registry.registry.save(&outcome.error))
            return outcome;
    }
    outcome.ok = true;
    outcome.detail = removed > 0 || record
        ? QStringLiteral("removed hook rule %1 from %2").arg(slug, files.first())
        : QStringLiteral("hook rule %1 was not installed for %2; nothing to remove").arg(slug, tool.name);
    return outcome;
}

QList<HookRuleRecord> installed(const ToolInfo &tool)
{
    return AgentHookRegistry::load().registry.forTool(tool.name);
}

QList<HookRuleRecord> installedForAllTools(QString *error)
{
    AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
    if (error)
        *error = loaded.error;
    return loaded.registry.all();
}

QString stateName(const HookRuleRecord &record)
{
    return record.withdrawn ? QStringLiteral("withdrawn") : QStringLiteral("active");
}

} // namespace teamai::agenthooks::hookrules
