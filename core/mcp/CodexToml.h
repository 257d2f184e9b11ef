#pragma once

#include <QString>
#include <QStringList>

namespace teamai::mcp::codextoml {

/// @brief Codex keeps its MCP servers in `~/.codex/config.toml` as `[mcp_servers.<name>]`
/// tables. TeamAI's server is one block: its header, its keys and its sub-tables
/// (`[mcp_servers.<name>.env]`) up to the next table header — the block the reference client
/// writes and finds the same way, so either client replaces or removes the other's. Nothing
/// outside that block is changed: comments, other tables and their order stay as they are.
///
/// No TOML library: only what is needed to find headers safely (quoted keys, comments and
/// multi-line strings, whose lines are never taken for headers).

/// @brief What config.toml says about MCP servers.
struct Scan {
    QStringList servers;      ///< every server name it defines: `[mcp_servers.X]`, `[mcp_servers.X.env]`, dotted keys
    bool inlineTable = false; ///< `mcp_servers = {…}`: no `[mcp_servers.X]` table may be added then
    bool unterminatedString = false;  ///< a `"""`/`'''` string never closes: not TOML, not to be edited
};
Scan scan(const QString &text);

/// @brief @p text with server @p name's block replaced by @p block, added at the end when there
/// is none, or removed when @p block is empty (blank lines around the gap left at most two).
QString splice(const QString &text, const QString &name, const QString &block);

/// @brief True for a name that can stand bare in a TOML header: letters, digits, `_`, `-`.
bool isBareKey(const QString &name);

/// @brief A TOML basic string with the bytes `JSON.stringify` would write (the reference's
/// quoting), DEL escaped too (TOML forbids it raw).
QString quote(const QString &text);

} // namespace teamai::mcp::codextoml
