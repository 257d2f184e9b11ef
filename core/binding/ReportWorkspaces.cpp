#include "binding/ReportWorkspaces.h"

#include "binding/GitWorktree.h"

#include "config/AgentConfig.h"
#include "config/BindingKeys.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>

namespace teamai::reportworkspaces {
namespace {

QString canonical(const QString &path)
{
    const QString absolute = QDir::cleanPath(QDir::current().absoluteFilePath(path));
    const QString resolved = QFileInfo(absolute).canonicalFilePath();
    return resolved.isEmpty() ? absolute : resolved;
}

/// WorkBuddy runs each task in `…/WorkBuddy/<date>…/`: such folders come and go.
bool isEphemeralTaskDir(const QString &path)
{
    const QStringList segments = path.split(u'/');
    const qsizetype index = segments.lastIndexOf(QStringLiteral("WorkBuddy"));
    if (index < 0 || index >= segments.size() - 1)
        return false;
    static const QRegularExpression dated(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}"));
    return dated.match(segments.at(index + 1)).hasMatch();
}

/// The binding's `projectId` as the backend wants it: a number (digit strings are converted).
QJsonValue projectIdValue(const QJsonValue &raw)
{
    if (raw.isString()) {
        bool ok = false;
        const qint64 number = raw.toString().trimmed().toLongLong(&ok);
        return ok ? QJsonValue(number) : raw;
    }
    return raw;
}

struct Binding {
    QString ideType;
    QJsonValue projectId;
};

/// The bindings keyed by canonical path; of two spellings of one folder, a real project wins.
QMap<QString, Binding> canonicalBindings(const AgentConfig &config)
{
    QMap<QString, Binding> out;
    const QJsonObject bindings = config.toJson().value(QStringLiteral("workspaceBindings")).toObject();
    for (auto it = bindings.begin(); it != bindings.end(); ++it) {
        const QJsonObject raw = it.value().toObject();
        const Binding binding{raw.value(bindingkeys::kIdeType).toString(), raw.value(bindingkeys::kProjectId)};
        const QString key = canonical(it.key());
        if (!out.contains(key) || projectIdValue(out.value(key).projectId).toInteger() == 0)
            out.insert(key, binding);
    }
    return out;
}

} // namespace

QString workspaceOf(const QString &cwd)
{
    if (cwd.isEmpty())
        return {};
    const QString absolute = canonical(cwd);
    if (isEphemeralTaskDir(absolute))
        return {};
    const QString root = binding::workTreeTop(absolute);
    return root.isEmpty() ? absolute : canonical(root);
}

QJsonArray select(const ToolInfo &tool, const AgentConfig &config, const QString &cwd)
{
    return selectAround(tool, config, workspaceOf(cwd));
}

QJsonArray selectAround(const ToolInfo &tool, const AgentConfig &config, const QString &current)
{
    const QMap<QString, Binding> bindings = canonicalBindings(config);
    QStringList paths = bindings.keys();
    if (!current.isEmpty() && !paths.contains(current))
        paths.append(current);
    paths.sort();
    QJsonArray out;
    for (const QString &path : paths) {
        const bool bound = bindings.contains(path);
        // The current workspace is this tool's (the reference stamps its binding so); a binding
        // of a folder that is gone is dropped (the reference prunes it).
        if (path != current && (!QFileInfo(path).isDir() || bindings.value(path).ideType != tool.agentType))
            continue;
        QJsonObject workspace{{QStringLiteral("path"), path},
                              {QStringLiteral("name"), QFileInfo(path).fileName()},
                              {QStringLiteral("ide_type"), tool.agentType}};
        if (bound && !bindings.value(path).projectId.isUndefined())
            workspace.insert(QStringLiteral("project_id"), projectIdValue(bindings.value(path).projectId));
        out.append(workspace);
    }
    return out;
}

} // namespace teamai::reportworkspaces
