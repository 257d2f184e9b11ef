#include "agenthooks/AgentHookRegistry.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

namespace teamai::agenthooks {
namespace {

const QString kRules = QStringLiteral("rules");

} // namespace

QJsonObject HookRuleRecord::toJson() const
{
    QJsonObject object{
        {QStringLiteral("slug"), slug},
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
    return record;
}

QString AgentHookRegistry::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/agent-hooks.json");
}

AgentHookRegistry::Loaded AgentHookRegistry::load(const QString &path)
{
    Loaded loaded;
    QJsonObject root;
    if (jsonfile::readObject(path, &root, &loaded.error) == jsonfile::ReadStatus::Ok) {
        if (root.contains(kRules) && !root.value(kRules).isObject()) {
            loaded.error = QStringLiteral("%1: `rules` is not an object").arg(path);
            return loaded;
        }
        loaded.registry.m_root = root;
    }
    return loaded;
}

bool AgentHookRegistry::save(QString *error, const QString &path) const
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    QJsonObject root = m_root;
    root.insert(QStringLiteral("version"), 1);
    if (!root.contains(kRules))
        root.insert(kRules, QJsonObject());
    return jsonfile::writeObject(path, root, jsonfile::kPrivateFile, error);
}

std::optional<HookRuleRecord> AgentHookRegistry::find(const QString &tool, const QString &slug) const
{
    const QJsonObject byTool = m_root.value(kRules).toObject().value(tool).toObject();
    if (!byTool.value(slug).isObject())
        return std::nullopt;
    return HookRuleRecord::fromJson(tool, slug, byTool.value(slug).toObject());
}

void AgentHookRegistry::put(const HookRuleRecord &record)
{
    QJsonObject rules = m_root.value(kRules).toObject();
    QJsonObject byTool = rules.value(record.tool).toObject();
    byTool.insert(record.slug, record.toJson());
    rules.insert(record.tool, byTool);
    m_root.insert(kRules, rules);
}

void AgentHookRegistry::remove(const QString &tool, const QString &slug)
{
    QJsonObject rules = m_root.value(kRules).toObject();
    QJsonObject byTool = rules.value(tool).toObject();
    byTool.remove(slug);
    if (byTool.isEmpty())
        rules.remove(tool);
    else
        rules.insert(tool, byTool);
    m_root.insert(kRules, rules);
}

QList<HookRuleRecord> AgentHookRegistry::forTool(const QString &tool) const
{
    QList<HookRuleRecord> list;
    const QJsonObject byTool = m_root.value(kRules).toObject().value(tool).toObject();
    for (auto it = byTool.begin(); it != byTool.end(); ++it)
        list.append(HookRuleRecord::fromJson(tool, it.key(), it.value().toObject()));
    return list;
}

QList<HookRuleRecord> AgentHookRegistry::all() const
{
    QList<HookRuleRecord> list;
    const QJsonObject rules = m_root.value(kRules).toObject();
    for (auto it = rules.begin(); it != rules.end(); ++it)
        list.append(forTool(it.key()));
    return list;
}

} // namespace teamai::agenthooks
