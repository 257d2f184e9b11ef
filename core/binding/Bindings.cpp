#include "binding/Bindings.h"

#include "binding/GitWorktree.h"
#include "binding/WorkspacePaths.h"
#include "config/AgentConfig.h"
#include "config/BindingKeys.h"
#include "util/Os.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace teamai::binding::bindings {
namespace {

using namespace bindingkeys;

/// The reference's mergeWorkspaceBindings: which of two entries for one folder survives.
QJsonObject merge(const QJsonObject &existing, const QJsonObject &incoming)
{
    const bool existingReal = isRealBinding(existing);
    const bool incomingReal = isRealBinding(incoming);
    QJsonObject base = existingReal || !incomingReal ? existing : incoming;
    if (base.value(kIdeType).toString().isEmpty()) {
        const QJsonValue ide = existing.contains(kIdeType) ? existing.value(kIdeType) : incoming.value(kIdeType);
        if (!ide.isUndefined())
            base.insert(kIdeType, ide);
    }
    return base;
}

} // namespace

QString projectIdText(const QJsonObject &entry)
{
    return AgentConfig::idText(entry.value(kProjectId));
}

bool isRealBinding(const QJsonObject &entry)
{
    const QString id = projectIdText(entry);
    return !id.isEmpty() && id != QLatin1String("0");
}

bool isSkipped(const QJsonObject &entry)
{
    return entry.contains(kProjectId) && projectIdText(entry) == QLatin1String("0");
}

QJsonValue projectIdValue(const QString &id)
{
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    // Only plain digits become numbers, and only those a JSON double holds exactly.
    const bool digits = !id.isEmpty() && std::all_of(id.begin(), id.end(), [](QChar c) { return c.isDigit() && c.unicode() < 128; });
    if (ok && digits && number <= (qint64(1) << 53))
        return QJsonValue(number);
    return QJsonValue(id);
}

bool normalize(QJsonObject &all, int *removedLegacy)
{
    bool changed = false;
    int legacy = 0;
    QJsonObject out;
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        if (entry.contains(kGroupId) && !entry.contains(kProjectId)) {
            ++legacy;
            changed = true;
            continue;
        }
        const QString key = canonicalPath(it.key());
        if (key != it.key() || out.contains(key))
            changed = true;
        out.insert(key, out.contains(key) ? merge(out.value(key).toObject(), entry) : entry);
    }
    if (removedLegacy)
        *removedLegacy = legacy;
    if (changed)
        all = out;
    return changed;
}

bool pruneDead(QJsonObject &all)
{
    bool changed = false;
    for (const QString &path : all.keys()) {
        // Only "no such file" counts as gone: a folder on an unmounted disk or behind a
        // permission error keeps its binding, as in the reference.
        if (os::isMissing(path)) {
            all.remove(path);
            changed = true;
        }
    }
    return changed;
}

bool stampTool(QJsonObject &all, const QString &workspace, const QString &agentType)
{
    if (workspace.isEmpty() || agentType.isEmpty() || !all.contains(workspace))
        return false;
    QJsonObject entry = all.value(workspace).toObject();
    if (entry.value(kIdeType).toString() == agentType)
        return false;
    entry.insert(kIdeType, agentType);
    all.insert(workspace, entry);
    return true;
}

void bind(QJsonObject &all, const QStringList &keys, const QJsonValue &projectId, const QString &projectName,
          const QString &boundAt)
{
    for (const QString &key : keys) {
        QJsonObject entry = all.value(key).toObject();
        entry.insert(kProjectId, projectId);
        entry.insert(kProjectName, projectName);
        entry.insert(kBoundAt, boundAt);
        all.insert(key, entry);
    }
}

QStringList keysFor(const QString &cwd, const QString &workspace)
{
    QStringList keys{workspace};
    if (const auto anchors = gitAnchors(cwd)) {
        for (const QString &key : {anchors->mainCheckout, anchors->workspaceRoot}) {
            if (!keys.contains(key))
                keys.append(key);
        }
    }
    return keys;
}

bool inheritFromMainCheckout(QJsonObject &all, const QString &cwd, const QString &workspace, const QString &boundAt)
{
    const auto anchors = gitAnchors(cwd);
    if (!anchors || !anchors->isLinkedWorktree() || !all.contains(anchors->mainCheckout))
        return false;
    const QJsonObject main = all.value(anchors->mainCheckout).toObject();
    QJsonObject entry = all.value(workspace).toObject();
    entry.insert(kProjectId, main.value(kProjectId));
    if (main.contains(kProjectName))
        entry.insert(kProjectName, main.value(kProjectName));
    else
        entry.remove(kProjectName);
    entry.insert(kBoundAt, boundAt);
    all.insert(workspace, entry);
    return true;
}

QStringList boundWorkspaces(const QJsonObject &all)
{
    QStringList out;
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (isRealBinding(it.value().toObject()))
            out.append(it.key());
    }
    return out;
}

QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

} // namespace teamai::binding::bindings
