#pragma once

#include "commands/Command.h"
#include "sync/CommandContext.h"
#include "sync/CommandResult.h"

namespace teamai {

/// @brief Handles one family of commands (restricted cmd, hook rules, resources). Handlers are
/// small and stateless between commands; the dispatcher chooses one per command.
class CommandHandler
{
public:
    virtual ~CommandHandler() = default;
    virtual CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) = 0;
};

} // namespace teamai
