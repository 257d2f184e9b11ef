#pragma once

#include "sync/CommandHandler.h"
#include "sync/RecordHealth.h"

#include <optional>

namespace teamai {

/// @brief Chooses the handler for each command by the SPEC §4 dispatch rules and turns the
/// cases that need no handler (no id, hook-type, unsupported type) into results.
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

private:
    static std::optional<records::BrokenRecord> brokenRecordFor(const CommandRoute &route);

    Handlers m_handlers;
};

} // namespace teamai
