#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai mcp`: see help(). The protocol is core/mcpserver; this is the stdio loop.
class McpCommand : public CliCommand
{
public:
    McpCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
