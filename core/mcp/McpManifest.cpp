#include "mcp/McpManifest.h"

#include "log/Logging.h"
#include "mcp/SafeFile.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace teamai::mcp {
namespace {

const QString kFileName = QStringLiteral("managed-mcp.json");

/// Every key must hold a list of records with a name: anything else means the file is not what
/// either client wrote, and guessing could hand the user's servers to TeamAI.
Status checkShape(const JsonText &text)
{
    const QJsonObject root = text.valueAt({}).toObject();
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (!it.value().isArray())
            return Error{QStringLiteral("\"%1\" is not a list").arg(it.key())};
        for (const QJsonValue &record : it.value().toArray()) {
            if (!record.isObject())
                return Error{QStringLiteral("\"%1\" holds a record that is not an object").arg(it.key())};
        }
    }
    return {};
}

/// A record as the reference writes it: name, hash, then whatever else it carried.
JsonNode recordNode(const QJsonObject &record)
{
    JsonNode node = JsonNode::object();
    node.insert(QStringLiteral("name"), JsonNode::from(record.value(QStringLiteral("name"))));
    if (record.contains(QStringLiteral("hash")))
        node.insert(QStringLiteral("hash"), JsonNode::from(record.value(QStringLiteral("hash"))));
    for (auto it = record.begin(); it != record.end(); ++it) {
        if (it.key() != QLatin1String("name") && it.key() != QLatin1String("hash"))
            node.insert(it.key(), JsonNode::from(it.value()));
    }
    return node;
}

} // namespace

QString McpManifest::userPath()
{
    return paths::teamaiHome() + u'/' + kFileName;
}

QString McpManifest::workspaceId(const QString &workspace)
{
    return QString::fromLatin1(QCryptographicHash::hash(workspace.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
}

QString McpManifest::projectPath(const QString &workspace)
{
    return QStringLiteral("%1/.teamai/workspaces/%2/%3").arg(workspace, workspaceId(workspace), kFileName);
}

QString McpManifest::key(const QString &tool, bool project)
{
    return project ? tool + QStringLiteral(":project") : tool;
}

McpManifest::Loaded McpManifest::load(const QString &path, const QString &base)
{
    Loaded loaded;
    const safefile::Read read = safefile::readInside(base, path);
    if (!read.ok) {
        loaded.error = read.error;
        return loaded;
    }
    JsonText::Parsed parsed = JsonText::parse(read.bytes);
    const Status usable = parsed.doc ? checkShape(*parsed.doc) : Status(Error{parsed.error});
    if (!usable) {
        loaded.error = QStringLiteral("%1: %2").arg(path, usable.error());
        return loaded;
    }
    loaded.manifest = McpManifest(path, base, std::move(*parsed.doc));
    return loaded;
}

McpManifest::Loaded McpManifest::loadUser()
{
    return load(userPath(), paths::teamaiHome());
}

McpManifest::Loaded McpManifest::loadProject(const QString &workspace)
{
    Loaded loaded = load(projectPath(workspace), workspace);
    if (loaded.manifest && !QFileInfo::exists(projectPath(workspace)))
        loaded.manifest->adoptLegacy(workspace);
    return loaded;
}

void McpManifest::adoptLegacy(const QString &workspace)
{
    const QString legacy = workspace + QStringLiteral("/.teamai/") + kFileName;
    const Loaded old = load(legacy, workspace);
    if (!old.manifest) {
        if (!old.error.isEmpty())
            qCWarning(lcResources).noquote() << "older MCP manifest left as it is:" << old.error;
        return;
    }
    const QString ownId = workspaceId(workspace);
    for (const QString &oldKey : old.manifest->m_text.keysAt({}).value_or(QStringList())) {
        const QStringList parts = oldKey.split(u':');
        const bool ours = parts.size() >= 2 && parts.at(1) == QLatin1String("project")
            && (parts.size() == 2 || (parts.size() == 3 && parts.at(2) == ownId));
        if (!ours)
            continue;
        const QString newKey = key(parts.at(0), true);
        for (const QJsonValue &record : old.manifest->m_text.valueAt({oldKey}).toArray())
            put(newKey, record.toObject().value(QStringLiteral("name")).toString(), record.toObject().value(QStringLiteral("hash")).toString());
        m_legacyKeys.append(oldKey);
    }
    if (!m_legacyKeys.isEmpty())
        m_legacyPath = legacy;
}

QStringList McpManifest::names(const QString &key) const
{
    QStringList names;
    for (const QJsonValue &record : m_text.valueAt({key}).toArray()) {
        const QString name = record.toObject().value(QStringLiteral("name")).toString();
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names;
}

void McpManifest::put(const QString &key, const QString &name, const QString &hash)
{
    JsonNode records = JsonNode::array();
    bool replaced = false;
    const QJsonObject fresh{{QStringLiteral("name"), name}, {QStringLiteral("hash"), hash}};
    for (const QJsonValue &record : m_text.valueAt({key}).toArray()) {
        const bool same = record.toObject().value(QStringLiteral("name")).toString() == name;
        records.append(recordNode(same ? fresh : record.toObject()));
        replaced = replaced || same;
    }
    if (!replaced)
        records.append(recordNode(fresh));
    m_text.set({key}, records);
}

bool McpManifest::remove(const QString &key, const QString &name)
{
    JsonNode records = JsonNode::array();
    bool removed = false;
    for (const QJsonValue &record : m_text.valueAt({key}).toArray()) {
        if (record.toObject().value(QStringLiteral("name")).toString() == name)
            removed = true;
        else
            records.append(recordNode(record.toObject()));
    }
    if (!removed)
        return false;
    if (records.isEmpty())
        m_text.remove({key});
    else
        m_text.set({key}, records);
    return true;
}

Status McpManifest::save() const
{
    if (m_base == paths::teamaiHome()) {
        if (const Status folder = paths::ensurePrivateDir(m_base); !folder)
            return folder;
    }
    if (const Status written = safefile::writeInside(m_base, m_path, m_text.bytes()); !written)
        return written;
    if (m_legacyPath.isEmpty())
        return {};
    // The moved records leave the older file (what else it holds stays).
    Loaded old = load(m_legacyPath, m_base);
    if (!old.manifest)
        return {};
    for (const QString &legacyKey : m_legacyKeys)
        old.manifest->m_text.remove({legacyKey});
    if (const Status legacy = safefile::writeInside(m_base, m_legacyPath, old.manifest->m_text.bytes()); !legacy)
        qCWarning(lcResources).noquote() << "older MCP manifest not updated:" << legacy.error();
    return {};
}

} // namespace teamai::mcp
