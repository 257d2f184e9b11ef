#include "resources/Manifest.h"

#include "log/Logging.h"
#include "resources/ResourceNames.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QDir>
#include <QJsonArray>
#include <QMutex>
#include <QSet>

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
    const jsonfile::ObjectRead file = jsonfile::readObject(path);
    const QJsonObject &root = file.object;
    loaded.error = file.error;
    if (file.ok()) {
        if (root.contains(QStringLiteral("scopes")) && !root.value(QStringLiteral("scopes")).isObject()) {
            loaded.error = QStringLiteral("%1: `scopes` is not an object").arg(path);
            return loaded;
        }
        loaded.manifest.m_root = root;
        loaded.manifest.logInvalidEntries();
    }
    return loaded;
}

Status Manifest::save(const QString &path) const
{
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    QJsonObject root = m_root;
    if (!root.contains(QStringLiteral("scopes")))
        root.insert(QStringLiteral("scopes"), QJsonObject());
    return jsonfile::writeObject(path, root, jsonfile::kPrivateFile);
}

Status Manifest::checkScope(const QString &scopeKey)
{
    if (scopeKey == userScopeKey())
        return {};
    if (!scopeKey.startsWith(QLatin1String("project:")))
        return Error{QStringLiteral("unknown scope")};
    const QString workspace = scopeKey.mid(8);
    if (!QDir::isAbsolutePath(workspace) || QDir::cleanPath(workspace) != workspace || workspace.contains(QChar(0))
        || QDir(workspace).isRoot())
        return Error{QStringLiteral("the workspace is not an absolute clean path")};
    return {};
}

Status Manifest::checkEntry(const QString &slug, const QJsonValue &entry)
{
    if (!resources::isValidSlug(slug))
        return Error{QStringLiteral("invalid slug")};
    if (!entry.isObject())
        return Error{QStringLiteral("not an object")};
    const QJsonObject object = entry.toObject();
    for (const QString &field : {QStringLiteral("dir_name"), QStringLiteral("slug")}) {
        const QJsonValue value = object.value(field);
        if (!value.isUndefined() && (!value.isString() || !resources::isValidSlug(value.toString())))
            return Error{QStringLiteral("invalid %1 %2").arg(field, value.isString() ? value.toString() : QStringLiteral("(not a string)"))};
    }
    return {};
}

namespace {

/// One line per invalid entry and process, however often the manifest is read.
void warnOnce(const QString &line)
{
    static QMutex mutex;
    static QSet<QString> said;
    const QMutexLocker locker(&mutex);
    if (!said.contains(line)) {
        said.insert(line);
        qCWarning(lcResources).noquote() << line;
    }
}

} // namespace

QStringList Manifest::invalidEntries() const
{
    QStringList found;
    const QJsonObject scopes = m_root.value(QStringLiteral("scopes")).toObject();
    for (auto scope = scopes.begin(); scope != scopes.end(); ++scope) {
        if (const Status usable = checkScope(scope.key()); !usable) {
            found.append(QStringLiteral("scope %1 - %2").arg(scope.key(), usable.error()));
            continue;
        }
        for (ResourceKind kind : {ResourceKind::Skill, ResourceKind::Rule, ResourceKind::ClaudeMd}) {
            const QJsonObject all = scope.value().toObject().value(kindKey(kind)).toObject();
            for (auto it = all.begin(); it != all.end(); ++it) {
                if (const Status usable = checkEntry(it.key(), it.value()); !usable)
                    found.append(QStringLiteral("%1 entry %2 in scope %3 - %4").arg(kindKey(kind), it.key(), scope.key(), usable.error()));
            }
        }
    }
    return found;
}

void Manifest::logInvalidEntries() const
{
    for (const QString &entry : invalidEntries())
        warnOnce(QStringLiteral("manifest: ignoring ") + entry);
}

QJsonObject Manifest::entries(const QString &scopeKey, ResourceKind kind) const
{
    if (!checkScope(scopeKey))
        return {};
    QJsonObject all = m_root.value(QStringLiteral("scopes")).toObject().value(scopeKey).toObject().value(kindKey(kind)).toObject();
    for (const QString &slug : all.keys()) {
        if (!checkEntry(slug, all.value(slug)))
            all.remove(slug);  // never acted on (logged at load)
    }
    return all;
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

QString Manifest::recordedFolder(const QJsonObject &entry, const QString &slug)
{
    return entry.value(QStringLiteral("dir_name")).toString(slug);
}

QString Manifest::skillFolderOwner(const QString &scopeKey, const QString &dirName, const QString &tool) const
{
    const QJsonObject all = entries(scopeKey, ResourceKind::Skill);
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        if (appliesToTool(entry, tool) && recordedFolder(entry, it.key()) == dirName)
            return it.key();
    }
    return {};
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
    QStringList keys = m_root.value(QStringLiteral("scopes")).toObject().keys();
    keys.removeIf([](const QString &key) { return !checkScope(key); });
    return keys;
}

} // namespace teamai
