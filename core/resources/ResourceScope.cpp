#include "resources/ResourceScope.h"

#include "resources/Manifest.h"
#include "util/Paths.h"

#include <QDir>
#include <QFileInfo>

namespace teamai::resources {
namespace {

ResourceScope projectScope(const QString &workspace)
{
    ResourceScope scope;
    scope.ok = true;
    scope.project = true;
    scope.baseDir = workspace;
    scope.key = Manifest::projectScopeKey(workspace);
    return scope;
}

ResourceScope failure(const QString &error)
{
    ResourceScope scope;
    scope.error = error;
    return scope;
}

} // namespace

ResourceScope ResourceScope::fromKey(const QString &scopeKey)
{
    if (scopeKey.startsWith(QLatin1String("project:")))
        return projectScope(scopeKey.mid(8));
    ResourceScope scope;
    scope.ok = true;
    scope.baseDir = paths::homeDir();
    scope.key = Manifest::userScopeKey();
    return scope;
}

ResourceScope ResourceScope::resolve(const QString &scope, const QString &workspacePath, const QString &cwd,
                                     const QStringList &boundWorkspaces)
{
    const QString kind = scope.trimmed().toLower();
    if (kind != QLatin1String("workspace") && kind != QLatin1String("project"))
        return fromKey(Manifest::userScopeKey());

    if (!workspacePath.isEmpty()) {
        // The path comes from the network: only an absolute path to a folder that exists.
        if (!QDir::isAbsolutePath(workspacePath) || workspacePath.contains(QChar(0)))
            return failure(QStringLiteral("Invalid workspace_path: %1").arg(workspacePath));
        const QString workspace = QDir::cleanPath(workspacePath);
        if (!QFileInfo(workspace).isDir())
            return failure(QStringLiteral("Workspace does not exist: %1").arg(workspace));
        QStringList known;
        for (const QString &bound : boundWorkspaces)
            known.append(QDir::cleanPath(bound));
        if (!cwd.isEmpty()) {
            known.append(QDir::cleanPath(QFileInfo(cwd).absoluteFilePath()));
            if (const QString top = gitTopLevel(cwd); !top.isEmpty())
                known.append(QDir::cleanPath(top));
        }
        if (!known.contains(workspace))
            return failure(QStringLiteral("Workspace is not bound to this agent: %1").arg(workspace));
        return projectScope(workspace);
    }
    if (cwd.isEmpty() || !QFileInfo(cwd).isDir())
        return failure(QStringLiteral("Project command is missing workspace_path"));
    const QString top = gitTopLevel(cwd);
    return projectScope(QDir::cleanPath(top.isEmpty() ? QFileInfo(cwd).absoluteFilePath() : top));
}

QString ResourceScope::gitTopLevel(const QString &dir)
{
    QDir current(QFileInfo(dir).absoluteFilePath());
    for (;;) {
        if (QFileInfo::exists(current.filePath(QStringLiteral(".git"))))
            return current.absolutePath();
        if (!current.cdUp())
            return {};
    }
}

} // namespace teamai::resources
