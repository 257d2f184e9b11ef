#pragma once

#include "sync/CommandHandler.h"

namespace teamai {

/// @brief `apply_model_config` (SPEC §4 item 3, docs/protocol.md): validates `cmd` as a
/// whole, then configures the sync's tool's model gateway through modelconfig::applyModels().
///
/// It redirects the user's AI traffic, so CommandDispatcher applies the kill switch to it
/// (acked `remote cmd disabled by client`) unless onlyRemoves(): an empty snapshot only removes
/// what we configured and runs whatever the switch says, as uninstall_hook_rule does. API keys are registered with the
/// log redaction before anything else happens and appear in no log, ack or ledger row. A success
/// that left something of the user's alone says so in the ack's `error` text (CommandResult::ackNote).
class ModelConfigCommandHandler : public CommandHandler
{
public:
    CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) override;

    /// @brief True when @p command's `cmd` is a well-formed empty snapshot (a removal, which the
    /// kill switch lets through). Parsing registers the command's API keys with the log redaction.
    static bool onlyRemoves(const Command &command);
};

} // namespace teamai
