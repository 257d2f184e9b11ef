#pragma once

#include "sync/CommandHandler.h"

namespace teamai {

/// @brief `install_hook_rule` / `uninstall_hook_rule` (SPEC §4). CommandDispatcher has already
/// applied the kill switch to an install (an uninstall is never refused by it: removing is
/// always safe). Then the fields (`slug`,
/// `event`, `cmd`, `matcher`, `timeout` — 10 s by default, `scope`/`workspace_path` as for
/// resources), then agenthooks::hookrules does the editing.
class HookRuleCommandHandler : public CommandHandler
{
public:
    CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) override;
};

} // namespace teamai
