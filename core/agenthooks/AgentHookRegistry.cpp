#include "agenthooks/AgentHookRegistry.h"

#include "tools/ToolTable.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <algorithm>

namespace teamai::agenthooks {
namespace {

const QString kTool = QStringLiteral("tool");
const QString kSlug = QStringLiteral("slug");

/// Our former shape: `{"version": 1, "rules": {"<tool>": {"<slug>": {…}}}}`. A record of the
/// reference's shape that happens to be keyed `rules` has a `tool` string instead.
bool isLegacyRules(const QJsonValue &value)
{
    return value.isObject() && !value.toObject().value(kTool).isString();
}

/// Moves the records of our former shape to the reference's (records already keyed by slug win).
QJsonObject migrated(const QJsonObject &root)
{
    QJsonObject out = root;
    if (!out.value(QStringLiteral("version")).isDouble() || !isLegacyRules(out.value(QStringLiteral("rules"))))
        return out;
    const QJsonObject rules = out.take(QStringLiteral("rules")).toObject();
    out.remove(QStringLiteral("version"));
    AgentHookRegistry registry = AgentHookRegistry::fromRoot(out);
    for (auto tool = rules.begin(); tool != rules.end(); ++tool) {
        const QJsonObject bySlug = tool.value().toObject();
        for (auto it = bySlug.begin(); it != bySlug.end(); ++it) {
            if (it.value().isObject() && !registry.find(tool.key(), it.key()))
                registry.put(HookRuleRecord::fromJson(tool.key(), it.key(), it.value().toObject()));
        }
    }
    return registry.root();
}

} // namespace

QJsonObject HookRuleRecord::toJson() const
{
    // The reference's fields first (tool, event, command, matcher, timeout); the rest are ours,
    // which the reference carries along untouched (it rewrites only the record it installs).
    QJsonObject object{
        {kTool, tool},
        {kSlug, slug},
        {QStringLiteral("event"), event},
        {QStringLiteral("agent_event"), agentEvent},
        {QStringLiteral("matcher"), matcher},
        {QStringLiteral("command"), command},
        {QStringLiteral("timeout"), timeoutSeconds},
        {QStringLiteral("settings_path"), settingsPath},
        {QStringLiteral("scope"), scopeKey},
        {QStringLiteral("installed_at"), installedAt},
    };
    // Only a withdrawn rule carries these keys: an active record keeps its old shape.
    if (withdrawn) {
        object.insert(QStringLiteral("withdrawn"), true);
        object.insert(QStringLiteral("withdrawn_at"), withdrawnAt);
        object.insert(QStringLiteral("withdrawn_because"), withdrawnBecause);
    }
    return object;
}

HookRuleRecord HookRuleRecord::fromJson(const QString &tool, const QString &slug, const QJsonObject &object)
{
    HookRuleRecord record;
    record.tool = tool;
    record.slug = slug;
    record.event = object.value(QStringLiteral("event")).toString();
    record.agentEvent = object.value(QStringLiteral("agent_event")).toString();
    record.matcher = object.value(QStringLiteral("matcher")).toString();
    record.command = object.value(QStringLiteral("command")).toString();
    record.timeoutSeconds = object.value(QStringLiteral("timeout")).toInt(10);
    record.settingsPath = object.value(QStringLiteral("settings_path")).toString();
    record.scopeKey = object.value(QStringLiteral("scope")).toString();
    record.installedAt = object.value(QStringLiteral("installed_at")).toString();
    record.withdrawn = object.value(QStringLiteral("withdrawn")).toBool(false);
    record.withdrawnAt = object.value(QStringLiteral("withdrawn_at")).toString();
    record.withdrawnBecause = object.value(QStringLiteral("withdrawn_because")).toString();
    // A record the reference wrote names only tool, event, command, matcher and timeout: it
    // writes the event as given, into the tool's user-level settings.
    record.byReference = !object.contains(QStringLiteral("settings_path"));
    if (record.agentEvent.isEmpty())
        record.agentEvent = record.event;
    if (record.scopeKey.isEmpty())
        record.scopeKey = QStringLiteral("user");
    if (record.settingsPath.isEmpty()) {
        if (const ToolInfo *info = findTool(tool); info && !info->hooksSettings.isEmpty())
            record.settingsPath = paths::homeDir() + u'/' + info->hooksSettings;
    }
    return record;
}

QString AgentHookRegistry::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/agent-hooks.json");
}

AgentHookRegistry AgentHookRegistry::fromRoot(const QJsonObject &root)
{
    AgentHookRegistry registry;
    registry.m_root = root;
    return registry;
}

AgentHookRegistry::Loaded AgentHookRegistry::load(const QString &path)
{
    Loaded loaded;
    const jsonfile::ObjectRead file = jsonfile::readObject(path);
    const QJsonObject &root = file.object;
    loaded.error = file.error;
    if (file.ok()) {
        if (root.value(QStringLiteral("version")).isDouble() && root.contains(QStringLiteral("rules"))
            && !root.value(QStringLiteral("rules")).isObject()) {
            loaded.error = QStringLiteral("%1: `rules` is not an object").arg(path);
            return loaded;
        }
        loaded.registry.m_root = migrated(root);
        loaded.needsMigration = loaded.registry.m_root != root;
    }
    return loaded;
}

Status AgentHookRegistry::save(const QString &path) const
{
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    return jsonfile::writeObject(path, m_root, jsonfile::kPrivateFile);
}

QString AgentHookRegistry::keyOf(const QString &tool, const QString &slug) const
{
    for (auto it = m_root.begin(); it != m_root.end(); ++it) {
        const QJsonObject object = it.value().toObject();
        if (object.value(kTool).toString() == tool && object.value(kSlug).toString(it.key()) == slug)
            return it.key();
    }
    return {};
}

std::optional<HookRuleRecord> AgentHookRegistry::find(const QString &tool, const QString &slug) const
{
    const QString key = keyOf(tool, slug);
    if (key.isEmpty())
        return std::nullopt;
    return HookRuleRecord::fromJson(tool, slug, m_root.value(key).toObject());
}

void AgentHookRegistry::put(const HookRuleRecord &record)
{
    QString key = keyOf(record.tool, record.slug);
    // The reference keys a rule by its slug; the same slug for a second tool gets `<tool>/<slug>`
    // (a slug has no `/`), which the reference never looks up.
    if (key.isEmpty())
        key = m_root.contains(record.slug) ? record.tool + u'/' + record.slug : record.slug;
    m_root.insert(key, record.toJson());
}

void AgentHookRegistry::remove(const QString &tool, const QString &slug)
{
    const QString key = keyOf(tool, slug);
    if (!key.isEmpty())
        m_root.remove(key);
}

QList<HookRuleRecord> AgentHookRegistry::forTool(const QString &tool) const
{
    QList<HookRuleRecord> list;
    for (const HookRuleRecord &record : all()) {
        if (record.tool == tool)
            list.append(record);
    }
    return list;
}

QList<HookRuleRecord> AgentHookRegistry::all() const
{
    QList<HookRuleRecord> list;
    for (auto it = m_root.begin(); it != m_root.end(); ++it) {
        const QJsonObject object = it.value().toObject();
        if (!object.value(kTool).isString())
            continue;
        list.append(HookRuleRecord::fromJson(object.value(kTool).toString(), object.value(kSlug).toString(it.key()), object));
    }
    std::sort(list.begin(), list.end(), [](const HookRuleRecord &a, const HookRuleRecord &b) {
        return a.tool != b.tool ? a.tool < b.tool : a.slug < b.slug;
    });
    return list;
}

} // namespace teamai::agenthooks
