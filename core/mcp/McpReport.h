#pragma once

#include <QJsonArray>
#include <QString>

namespace teamai {
struct ToolInfo;
}

namespace teamai::mcp {

/// @brief The `mcps` list of the report, as the reference client sends it: the servers
/// managed-mcp.json lists for @p tool at one scope, `{slug, source: "enterprise"}`, sorted by
/// slug (only TeamAI's servers: the user's are not reported). Reads only; a damaged manifest
/// gives an empty list (the key is then left out and the backend keeps its last snapshot).
namespace report {

QJsonArray userServers(const ToolInfo &tool);
/// @brief @p workspace as the report names it (canonical).
QJsonArray workspaceServers(const ToolInfo &tool, const QString &workspace);

} // namespace report
} // namespace teamai::mcp
