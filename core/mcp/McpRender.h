#pragma once

#include "mcp/JsonNode.h"
#include "mcp/McpDefinition.h"
#include "tools/ToolTable.h"

#include <QString>

namespace teamai::mcp {

/// @brief How each tool writes one MCP server, as the reference client (teamai-cli 0.25) renders
/// it, so both clients write the same entry and record the same hash:
///  - claude (claude family, qoder, kiro, zcode, omp): `{type, command, args?, env?}` /
///    `{type, url, headers?}` under `mcpServers`;
///  - cursor: no `type` for stdio; `${VAR}` becomes `${env:VAR}` in args, env, url and headers;
///  - buddy (codebuddy, workbuddy): like cursor's shape without the rewrite, plus `timeout`;
///  - copilot: `type` `local` for stdio, `tools: ["*"]`, `args` always, plus `timeout`;
///  - opencode: under `mcp`: `{type: local, command: [cmd, …args], environment?, enabled: true}`
///    or `{type: remote, url, headers?, enabled: true}`;
///  - codex: a `[mcp_servers.<name>]` TOML block (see codexBlock()).
/// Empty args, env and headers are left out, as the reference leaves them out.
namespace render {

/// @brief The key of the servers object in the tool's JSON file: `mcp` for opencode, else `mcpServers`.
QString serverKey(McpFormat format);

/// @brief Whether the tool speaks @p transport (codex and opencode have no SSE).
bool supportsTransport(McpFormat format, Transport transport);

/// @brief The entry written for @p server in a JSON-format tool's file.
JsonNode jsonEntry(McpFormat format, const McpServer &server);

/// @brief Codex's block: `command`/`args`/`startup_timeout_sec` and a `[….env]` sub-table, or
/// for http `url`, `bearer_token_env_var` (from `Authorization: Bearer ${VAR}`),
/// `env_http_headers` (from headers that are exactly `${VAR}`), `http_headers`,
/// `startup_timeout_sec` (timeout in whole seconds, rounded up). Ends with a line break.
QString codexBlock(const McpServer &server);

/// @brief The manifest hash: the first 16 hex digits of sha1 of the entry's `JSON.stringify`.
QString entryHash(const JsonNode &entry);
QString entryHash(const QString &codexBlock);

} // namespace render
} // namespace teamai::mcp
