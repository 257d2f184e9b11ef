#pragma once

#include "sync/CommandHandler.h"

namespace teamai {

namespace exec {
class Executor;
struct ExecPolicy;
} // namespace exec

/// @brief `uninstall_teamai` / `cmd` (the kill switch was checked by CommandDispatcher): no
/// recursion, then the SPEC §5 allowlist, then our own `teamai` binary through the executor seam. A success stops the rest of the batch (the agent
/// may just have been uninstalled).
class RestrictedCommandHandler : public CommandHandler
{
public:
    RestrictedCommandHandler(exec::Executor &executor, const exec::ExecPolicy &policy);

    CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) override;

private:
    exec::Executor &m_executor;
    const exec::ExecPolicy &m_policy;
};

} // namespace teamai
