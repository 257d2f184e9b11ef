#pragma once

#include "sync/CommandHandler.h"
#include "sync/RecordHealth.h"

#include <optional>

namespace teamai {

/// @brief Chooses the handler for each command by the SPEC §4 dispatch rules and turns the
/// cases that need no handler (no id, hook-type, unsupported type) into results. The kill switch
/// (SPEC §5, RemoteCommandGate) is checked here, once, for every route that needs it: handlers
/// never see a command it refused.
class CommandDispatcher
{
public:
    struct Handlers {
        CommandHandler *restricted = nullptr;
        CommandHandler *hookRules = nullptr;
        CommandHandler *mcp = nullptr;
        CommandHandler *resources = nullptr;
        CommandHandler *modelConfig = nullptr;
    };

    explicit CommandDispatcher(Handlers handlers);

    CommandResult dispatch(const Command &command, const CommandContext &context);

    /// @brief The result of @p command when its type alone decides it, without reading or
    /// changing anything (a hook-type command, an unsupported type): what dispatch() would
    /// return. Empty when it goes to a handler (after the record and kill-switch checks).
    std::optional<CommandResult> decideByRoute(const Command &command) const;

    /// @brief Whether the kill switch decides if @p command may run: the one table of which
    /// command types (and which of their actions) it refuses. A new command type declares it here.
    static bool needsRemoteCommandGate(const CommandRoute &route, const Command &command);

private:
    static std::optional<records::BrokenRecord> brokenRecordFor(const CommandRoute &route);
    CommandHandler *handlerFor(const CommandRoute &route) const;

    Handlers m_handlers;
};

} // namespace teamai
