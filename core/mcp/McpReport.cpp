#include "mcp/McpReport.h"

#include "log/Logging.h"
#include "mcp/McpManifest.h"
#include "tools/ToolTable.h"

#include <QJsonObject>

namespace teamai::mcp::report {
namespace {

QJsonArray listOf(const McpManifest::Loaded &loaded, const QString &key)
{
    QJsonArray list;
    if (!loaded.manifest) {
        qCWarning(lcResources).noquote() << "MCP servers not reported:" << loaded.error;
        return list;
    }
    QStringList names = loaded.manifest->names(key);
    names.sort();
    for (const QString &name : names)
        list.append(QJsonObject{{QStringLiteral("slug"), name}, {QStringLiteral("source"), QStringLiteral("enterprise")}});
    return list;
}

} // namespace

QJsonArray userServers(const ToolInfo &tool)
{
    return listOf(McpManifest::loadUser(), McpManifest::key(tool.name, false));
}

QJsonArray workspaceServers(const ToolInfo &tool, const QString &workspace)
{
    return listOf(McpManifest::loadProject(workspace), McpManifest::key(tool.name, true));
}

} // namespace teamai::mcp::report
