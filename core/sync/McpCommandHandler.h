#pragma once

#include "sync/CommandHandler.h"

namespace teamai {

/// @brief `install_mcp` / `uninstall_mcp` (docs/protocol.md): one MCP server in the current
/// tool's own MCP configuration. CommandDispatcher has already applied the kill switch to an
/// install (an MCP server is a program the agent will start); an uninstall never is refused by
/// it (removing is always safe, as for hook rules). Then `slug`
/// (ResourceNames rules), `version`, `scope`/`workspace_path` (ResourceScope: a project must be
/// one this agent knows), the definition (`mcp_config`, McpDefinition), and core/mcp does the rest.
class McpCommandHandler : public CommandHandler
{
public:
    CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) override;
};

} // namespace teamai
