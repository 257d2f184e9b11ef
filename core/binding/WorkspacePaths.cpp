#include "binding/WorkspacePaths.h"

#include "binding/ReportWorkspaces.h"

#include <QDir>
#include <QFileInfo>

namespace teamai::binding {

QString canonicalPath(const QString &path)
{
    if (path.isEmpty())
        return {};
    const QString absolute = QDir::cleanPath(QDir::current().absoluteFilePath(path));
    const QString resolved = QFileInfo(absolute).canonicalFilePath();
    return resolved.isEmpty() ? absolute : resolved;
}

QString workspaceOf(const QString &cwd)
{
    // One rule for the report, the sync and the bindings: a binding is found under the key the
    // report sends.
    return reportworkspaces::workspaceOf(cwd);
}

} // namespace teamai::binding
