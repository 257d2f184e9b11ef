#include "modelconfig/ModelManifest.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace teamai::modelconfig {
namespace {

const QString kWorkspaces = QStringLiteral("workspaceModels");
const QString kProviders = QStringLiteral("providersByAgent");

JsValue objectOr(const JsValue &value)
{
    return value.isObject() ? value : JsValue::object();
}

QString recordKey(const QString &kind)
{
    return kind == QLatin1String("claude") ? QStringLiteral("claudeEnv") : kind;
}

} // namespace

QString ModelManifest::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/model-manifest.json");
}

ModelManifest::Loaded ModelManifest::load(const QString &path)
{
    Loaded loaded;
    loaded.manifest.m_path = path;
    QFile file(path);
    if (!file.exists())
        return loaded;
    if (!file.open(QIODevice::ReadOnly)) {
        loaded.error = QStringLiteral("apply_model_config: cannot read %1: %2").arg(path, file.errorString());
        return loaded;
    }
    const JsParsed parsed = parseJson(file.readAll());
    if (!parsed.ok || !parsed.value.isObject()) {
        loaded.error = QStringLiteral("apply_model_config: %1 is damaged (%2); fix or remove it")
                           .arg(path, parsed.ok ? QStringLiteral("not a JSON object") : parsed.error);
        return loaded;
    }
    loaded.manifest.m_root = parsed.value;
    return loaded;
}

JsValue ModelManifest::scope(const QString &workspace) const
{
    if (workspace.isEmpty())
        return m_root;
    return objectOr(m_root.value(kWorkspaces).value(workspace));
}

void ModelManifest::setScope(const QString &workspace, const JsValue &scope)
{
    if (workspace.isEmpty()) {
        m_root = scope;
        return;
    }
    JsValue all = objectOr(m_root.value(kWorkspaces));
    all.insert(workspace, scope);
    m_root.insert(kWorkspaces, all);
}

JsValue ModelManifest::providers(const QString &kind, const QString &workspace) const
{
    const JsValue byAgent = scope(workspace).value(kProviders).value(kind);
    if (!byAgent.isUndefined())
        return objectOr(byAgent);
    if (workspace.isEmpty() && kind != QLatin1String("workbuddy"))
        return objectOr(m_root.value(QStringLiteral("providers")));
    return JsValue::object();
}

void ModelManifest::setProviders(const QString &kind, const QString &workspace, const JsValue &providers)
{
    JsValue scoped = scope(workspace);
    JsValue byAgent = objectOr(scoped.value(kProviders));
    byAgent.insert(kind, providers);
    scoped.insert(kProviders, byAgent);
    setScope(workspace, scoped);
}

JsValue ModelManifest::record(const QString &kind, const QString &workspace) const
{
    // claude has no workspace scope: its record is always the root's.
    const QString where = kind == QLatin1String("claude") ? QString() : workspace;
    return objectOr(scope(where).value(recordKey(kind)));
}

void ModelManifest::setRecord(const QString &kind, const QString &workspace, const JsValue &record)
{
    const QString where = kind == QLatin1String("claude") ? QString() : workspace;
    JsValue scoped = scope(where);
    scoped.insert(recordKey(kind), record);
    setScope(where, scoped);
}

QStringList ModelManifest::workspaces() const
{
    QStringList list;
    const JsValue all = m_root.value(kWorkspaces);
    for (const QString &key : all.keys())
        list.append(key);
    return list;
}

Status ModelManifest::save() const
{
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(m_path).absolutePath()); !folder)
        return folder;
    return jsonfile::writeAtomically(m_path, stringifyPretty(m_root), jsonfile::kPrivateFile);
}

} // namespace teamai::modelconfig
