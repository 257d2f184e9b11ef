#pragma once

#include "mcp/McpInstaller.h"

#include <QString>

namespace teamai {
struct ToolInfo;
}

namespace teamai::mcp {

/// @brief `teamai init --mcp`: our own MCP server (`teamai mcp`, stdio, by the absolute path of
/// the running teamai) registered in an agent's user-scope MCP configuration, in its format.
/// Recorded in ~/.teamai/local-agent/mcp-registration.json (`{tool: {file, hash, command, args}}`;
/// a record without args is one written before `--tool`, args ["mcp"]),
/// never in managed-mcp.json: that manifest is what the backend pushed, and it is reported as
/// `source: enterprise`. An entry named `teamai` that the record does not describe exactly (not
/// recorded, or changed since) is the user's and is never touched. Runs under InstallLock.
namespace registration {

/// The server name in every tool's configuration.
inline constexpr auto kServerName = "teamai";

/// @brief What register/unregister came to; @p userOwned: a `teamai` entry that is not ours was
/// left alone (ok stays true: the caller says so and goes on).
struct Outcome {
    bool ok = false;
    bool userOwned = false;
    QString error;
    QString detail;
};

/// @brief Writes (or replaces our own) `teamai` entry for @p tool: command @p teamai, args
/// ["mcp", "--tool", tool.name], so the server knows which agent it serves.
Outcome registerServer(const ToolInfo &tool, const QString &teamai);

/// @brief The file our entry for @p tool is recorded in; empty when none is recorded.
QString recordedFile(const ToolInfo &tool);

/// @brief Removes our entry when it is still ours, and the record in any case (the user's entry stays).
Outcome unregisterServer(const ToolInfo &tool);

/// @brief The record's path.
QString recordPath();

} // namespace registration
} // namespace teamai::mcp
