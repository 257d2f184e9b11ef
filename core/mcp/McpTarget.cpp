#include "mcp/McpTarget.h"

#include "mcp/McpManifest.h"
#include "resources/ResourceScope.h"
#include "util/Paths.h"
#include "util/SafePath.h"

#include <QDir>
#include <QFileInfo>

namespace teamai::mcp {

QString copilotHome()
{
    const QString configured = qEnvironmentVariable("COPILOT_HOME").trimmed();
    if (!configured.isEmpty())
        return QDir::cleanPath(QFileInfo(configured).absoluteFilePath());
    return paths::homeDir() + QStringLiteral("/.copilot");
}

McpTarget McpTarget::resolve(const ToolInfo &tool, const resources::ResourceScope &scope, const QString &type)
{
    McpTarget target;
    target.project = scope.project;
    const QString relative = scope.project ? tool.mcpProjectConfig : tool.mcpConfig;
    if (relative.isEmpty()) {
        target.error = QStringLiteral("%1: tool \"%2\" has no MCP config path for scope \"%3\"")
                           .arg(type, tool.name, scope.project ? QStringLiteral("project") : QStringLiteral("user"));
        return target;
    }
    if (tool.mcpFormat == McpFormat::None) {
        target.error = QStringLiteral("%1: tool \"%2\" has no known MCP format").arg(type, tool.name);
        return target;
    }
    target.format = tool.mcpFormat;
    target.manifestKey = McpManifest::key(tool.name, scope.project);
    target.allowBare = tool.mcpFormat == McpFormat::Copilot && scope.project;
    if (scope.project) {
        // The manifest's workspace id hashes the real path, as the reference computes it.
        const QString canonical = QFileInfo(scope.baseDir).canonicalFilePath();
        target.workspace = canonical.isEmpty() ? QDir::cleanPath(scope.baseDir) : canonical;
        target.file = QDir::cleanPath(scope.baseDir + u'/' + relative);
        target.writeBase = QDir::cleanPath(scope.baseDir);
    } else if (tool.userBaseIsCopilotHome) {
        target.file = QDir::cleanPath(copilotHome() + u'/' + relative);
        target.writeBase = copilotHome();
    } else {
        target.file = QDir::cleanPath(paths::homeDir() + u'/' + relative);
        target.writeBase = safepath::writeBase(paths::homeDir(), tool.rootDir(), target.file);
    }
    target.ok = true;
    return target;
}

} // namespace teamai::mcp
