#include "binding/WorkspaceBinder.h"

#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "binding/WorkspacePaths.h"
#include "config/AgentConfig.h"

#include <QFileInfo>

namespace teamai::binding::binder {
namespace {

BindOutcome write(const QString &folder, const QJsonValue &projectId, const QString &projectName, const QString &configPath)
{
    BindOutcome outcome;
    if (folder.isEmpty() || !QFileInfo(folder).isDir()) {
        outcome.error = QStringLiteral("%1 is not a folder").arg(folder);
        return outcome;
    }
    outcome.workspace = workspaceOf(folder);
    if (outcome.workspace.isEmpty()) {
        outcome.error = QStringLiteral("%1 is a temporary WorkBuddy task folder; bind the project folder instead").arg(folder);
        return outcome;
    }
    outcome.keys = bindings::keysFor(folder, outcome.workspace);
    const BindingStore store(configPath.isEmpty() ? AgentConfig::defaultPath() : configPath);
    const BindingStore::Outcome saved = store.update([&](QJsonObject &all) {
        bindings::bind(all, outcome.keys, projectId, projectName, bindings::nowIso());
        return true;
    });
    outcome.ok = saved.ok;
    outcome.error = saved.error;
    return outcome;
}

} // namespace

BindOutcome bind(const QString &folder, const Project &project, const QString &configPath)
{
    return write(folder, project.id, project.name, configPath);
}

BindOutcome skip(const QString &folder, const QString &configPath)
{
    return write(folder, QJsonValue(0), QString::fromUtf16(bindings::kSkippedName), configPath);
}

BindOutcome unbind(const QString &key, const QString &configPath)
{
    BindOutcome outcome;
    outcome.workspace = key;
    const BindingStore store(configPath.isEmpty() ? AgentConfig::defaultPath() : configPath);
    const BindingStore::Outcome saved = store.update([&](QJsonObject &all) {
        // The key as stored, or its canonical spelling (what the store keeps after normalizing).
        for (const QString &candidate : {key, canonicalPath(key)}) {
            if (all.contains(candidate)) {
                all.remove(candidate);
                outcome.keys.append(candidate);
            }
        }
        return !outcome.keys.isEmpty();
    });
    outcome.ok = saved.ok;
    outcome.error = saved.error;
    return outcome;
}

} // namespace teamai::binding::binder
