#pragma once

#include "mcp/McpDefinition.h"
#include "mcp/McpTarget.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace teamai::mcp {

/// @brief What an install or uninstall of an MCP server came to.
struct McpOutcome {
    bool ok = false;
    QString error;   ///< the ack error
    QString detail;  ///< one line for the log and the summary
};

/// @brief Writes or removes one MCP server in one tool's configuration, under InstallLock: read
/// the manifest and the file, decide, record in the manifest, write the file (atomically, never
/// through a link out of its folder). A server of that name that the manifest does not list is
/// the user's: an install is refused (`<type>: server "x" exists in <tool> config and is not
/// managed by teamai`, the reference's wording) and an uninstall leaves it alone.
namespace installer {

/// @brief Adds @p server, or replaces TeamAI's own entry of that name. @p type and @p tool name
/// the command and the tool in errors.
McpOutcome install(const McpTarget &target, const McpServer &server, const QString &type, const QString &tool);

/// @brief One server managed-mcp.json lists for a tool, and where it is.
struct InstalledServer {
    QString name;
    McpTarget target;
};

/// @brief Every server TeamAI installed for @p tool: user scope, and project scope in each of
/// @p workspaces (the bound ones: project manifests live in the workspaces). For `teamai uninstall`.
QList<InstalledServer> installed(const ToolInfo &tool, const QStringList &workspaces);

/// @brief Removes TeamAI's server @p name; a name the manifest does not list is nothing to do
/// (success), whatever the file holds.
McpOutcome uninstall(const McpTarget &target, const QString &name, const QString &type);

} // namespace installer
} // namespace teamai::mcp
