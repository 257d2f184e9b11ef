#include "resources/Manifest.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QJsonArray>

namespace teamai {

QString Manifest::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/manifest.json");
}

QString Manifest::kindKey(ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::Skill: return QStringLiteral("skills");
    case ResourceKind::Rule: return QStringLiteral("rules");
    case ResourceKind::ClaudeMd: return QStringLiteral("claudemd");
    }
    return {};
}

Manifest::Loaded Manifest::load(const QString &path)
{
    Loaded loaded;
    QJsonObject root;
    const auto status = jsonfile::readObject(path, &root, &loaded.error);
    if (status == jsonfile::ReadStatus::Ok) {
        if (root.contains(QStringLiteral("scopes")) && !root.value(QStringLiteral("scopes")).isObject()) {
            loaded.error = QStringLiteral("%1: `scopes` is not an object").arg(path);
            return loaded;
        }
        loaded.manifest.m_root = root;
    }
    return loaded;
}

bool Manifest::save(QString *error, const QString &path) const
{
    if (!paths::ensurePrivateDir(paths::agentStateDir(), error))
        return false;
    QJsonObject root = m_root;
    if (!root.contains(QStringLiteral("scopes")))
        root.insert(QStringLiteral("scopes"), QJsonObject());
    return jsonfile::writeObject(path, root, jsonfile::kPrivateFile, error);
}

QJsonObject Manifest::entries(const QString &scopeKey, ResourceKind kind) const
{
    return m_root.value(QStringLiteral("scopes")).toObject().value(scopeKey).toObject().value(kindKey(kind)).toObject();
}

QJsonObject Manifest::entry(const QString &scopeKey, ResourceKind kind, const QString &slug) const
{
    return entries(scopeKey, kind).value(slug).toObject();
}

bool Manifest::contains(const QString &scopeKey, ResourceKind kind, const QString &slug) const
{
    return entries(scopeKey, kind).contains(slug);
}

bool Manifest::appliesToTool(const QJsonObject &entry, const QString &tool)
{
    const QJsonValue tools = entry.value(QStringLiteral("tools"));
    if (tool.isEmpty() || !tools.isArray())
        return true;
    return tools.toArray().contains(QJsonValue(tool));
}

bool Manifest::containsInstalledName(const QString &scopeKey, ResourceKind kind, const QString &name,
                                     const QString &tool) const
{
    const QJsonObject all = entries(scopeKey, kind);
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QJsonObject e = it.value().toObject();
        if (!appliesToTool(e, tool))
            continue;
        if (it.key() == name || e.value(QStringLiteral("dir_name")).toString() == name
            || e.value(QStringLiteral("slug")).toString() == name)
            return true;
    }
    return false;
}

void Manifest::setEntry(const QString &scopeKey, ResourceKind kind, const QString &slug, const QJsonObject &value)
{
    QJsonObject scopes = m_root.value(QStringLiteral("scopes")).toObject();
    QJsonObject scope = scopes.value(scopeKey).toObject();
    for (ResourceKind k : {ResourceKind::Skill, ResourceKind::Rule, ResourceKind::ClaudeMd}) {
        if (!scope.contains(kindKey(k)))
            scope.insert(kindKey(k), QJsonObject());
    }
    QJsonObject kindEntries = scope.value(kindKey(kind)).toObject();
    kindEntries.insert(slug, value);
    scope.insert(kindKey(kind), kindEntries);
    scopes.insert(scopeKey, scope);
    m_root.insert(QStringLiteral("scopes"), scopes);
}

void Manifest::removeEntry(const QString &scopeKey, ResourceKind kind, const QString &slug)
{
    QJsonObject scopes = m_root.value(QStringLiteral("scopes")).toObject();
    if (!scopes.contains(scopeKey))
        return;
    QJsonObject scope = scopes.value(scopeKey).toObject();
    QJsonObject kindEntries = scope.value(kindKey(kind)).toObject();
    kindEntries.remove(slug);
    scope.insert(kindKey(kind), kindEntries);
    scopes.insert(scopeKey, scope);
    m_root.insert(QStringLiteral("scopes"), scopes);
}

QStringList Manifest::scopeKeys() const
{
    return m_root.value(QStringLiteral("scopes")).toObject().keys();
}

} // namespace teamai
