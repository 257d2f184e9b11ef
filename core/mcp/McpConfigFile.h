#pragma once

#include "mcp/McpDefinition.h"
#include "tools/ToolTable.h"
#include "util/Result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

namespace teamai::mcp {

/// @brief One tool's MCP configuration file in memory, in that tool's format (JSON with its
/// server key, or Codex's TOML), edited one server at a time; everything else in it is kept as
/// it was (JsonText, codextoml).
///
/// Use: `auto file = McpConfigFile::open(format, bare, bytes, exists);`, then defines(), put()
/// or remove() on `*file`, then write bytes().
class McpConfigFile
{
public:
    virtual ~McpConfigFile() = default;

    /// @brief Parses @p bytes (@p exists false: the file is missing). @p allowBare: the file may
    /// be a servers object without the server key (Copilot's `.github/mcp.json`). Fails when the
    /// file cannot be understood — nothing may then be written over it.
    static Result<std::unique_ptr<McpConfigFile>> open(McpFormat format, bool allowBare, const QByteArray &bytes, bool exists);

    /// @brief Every server the file defines, ours and the user's.
    virtual QStringList servers() const = 0;
    bool defines(const QString &name) const { return servers().contains(name); }
    /// @brief Adds or replaces @p server: the manifest hash of what was written.
    virtual Result<QString> put(const McpServer &server) = 0;
    /// @brief Removes server @p name (nothing when absent).
    virtual void remove(const QString &name) = 0;
    virtual QByteArray bytes() const = 0;
};

} // namespace teamai::mcp
