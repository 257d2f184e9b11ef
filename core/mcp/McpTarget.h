#pragma once

#include "tools/ToolTable.h"

#include <QString>

namespace teamai::resources {
struct ResourceScope;
}

namespace teamai::mcp {

/// @brief Where one tool keeps its MCP servers at one scope: the file, the folder a write may
/// not leave through a link, and the manifest key. From the tool table (ToolInfo::mcpConfig,
/// mcpProjectConfig, mcpFormat) as the reference client resolves it: user scope under HOME
/// (Copilot: under `$COPILOT_HOME`, default `~/.copilot`), project scope under the workspace.
struct McpTarget {
    bool ok = false;
    QString error;        ///< why there is none, in the reference's wording (`install_mcp: tool "x" has no …`)
    McpFormat format = McpFormat::None;
    QString file;         ///< absolute path of the tool's MCP configuration
    QString writeBase;    ///< the folder the write may not leave (safepath)
    bool project = false;
    QString workspace;    ///< project scope: the workspace, canonical
    QString manifestKey;  ///< `<tool>` or `<tool>:project`
    bool allowBare = false;  ///< Copilot's project file may be a bare servers object

    /// @brief The target of @p tool at @p scope; @p type prefixes the errors.
    static McpTarget resolve(const ToolInfo &tool, const resources::ResourceScope &scope, const QString &type);
};

/// @brief Copilot's user folder: `$COPILOT_HOME` when set (made absolute), else `~/.copilot`.
QString copilotHome();

} // namespace teamai::mcp
