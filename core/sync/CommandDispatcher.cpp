#include "sync/CommandDispatcher.h"

#include "config/RemoteCommandGate.h"
#include "log/Logging.h"
#include "sync/ModelConfigCommandHandler.h"

namespace teamai {
namespace {

/// The one refusal of the kill switch: acked failed "remote cmd disabled by client", recorded
/// rejected / not_delivered with who decided (env, user, policy) as the reason.
CommandResult refusedByGate(const Command &command, const RemoteCommandGate::Decision &gate)
{
    qCInfo(lcCommands).noquote() << "command" << command.id.value_or(-1) << command.type << "refused:" << gate.detail;
    CommandResult result = CommandResult::rejected(QStringLiteral("remote cmd disabled by client"));
    result.detail = QStringLiteral("refused: %1").arg(gate.detail);
    result.reason = RemoteCommandGate::reasonName(gate.reason);
    return result;
}

} // namespace

CommandDispatcher::CommandDispatcher(Handlers handlers)
    : m_handlers(handlers)
{
}

CommandResult CommandDispatcher::dispatch(const Command &command, const CommandContext &context)
{
    if (!command.id) {
        qCWarning(lcCommands) << "malformed command without an integer id skipped; type:" << command.type;
        return CommandResult::skipped(QStringLiteral("malformed: no integer id, cannot be acknowledged"));
    }
    if (std::optional<CommandResult> decided = decideByRoute(command))
        return *decided;
    const CommandRoute route = routeCommand(command);
    if (const auto broken = brokenRecordFor(route)) {
        records::logOnce(*broken);
        return CommandResult::failed(broken->sentence());
    }
    if (needsRemoteCommandGate(route, command)) {
        if (const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate(); !gate.allowed)
            return refusedByGate(command, gate);
    }
    return handlerFor(route)->handle(command, route, context);
}

std::optional<CommandResult> CommandDispatcher::decideByRoute(const Command &command) const
{
    const CommandRoute route = routeCommand(command);
    if (route.handler == CommandRoute::Handler::SkipHook)
        return CommandResult::skipped(QStringLiteral("hook command: handled by the agent's own hooks"));
    if (!handlerFor(route))
        return CommandResult::failed(QStringLiteral("Unsupported command type: %1").arg(command.type));
    return std::nullopt;
}

CommandHandler *CommandDispatcher::handlerFor(const CommandRoute &route) const
{
    switch (route.handler) {
    case CommandRoute::Handler::RestrictedCmd: return m_handlers.restricted;
    case CommandRoute::Handler::HookRule: return m_handlers.hookRules;
    case CommandRoute::Handler::Resource: return m_handlers.resources;
    case CommandRoute::Handler::Mcp: return m_handlers.mcp;
    case CommandRoute::Handler::ModelConfig: return m_handlers.modelConfig;
    case CommandRoute::Handler::SkipHook:
    case CommandRoute::Handler::Unsupported: return nullptr;
    }
    return nullptr;  // not reached (-Wswitch makes a new route add its line)
}

// What the kill switch refuses (SPEC §5, docs/security.md "The kill switch and the admin
// policy"): whatever makes this machine run something the backend chose — a restricted `teamai`
// run, a hook rule, an MCP server, a model gateway. Removing is always safe, so no uninstall is
// gated; resources are files, not programs, so they are not gated at all.
bool CommandDispatcher::needsRemoteCommandGate(const CommandRoute &route, const Command &command)
{
    switch (route.handler) {
    case CommandRoute::Handler::RestrictedCmd: return true;
    case CommandRoute::Handler::HookRule: return route.hookRuleInstall;
    case CommandRoute::Handler::Mcp: return route.action == ResourceAction::Install;
    case CommandRoute::Handler::ModelConfig: return !ModelConfigCommandHandler::onlyRemoves(command);
    case CommandRoute::Handler::Resource:
    case CommandRoute::Handler::SkipHook:
    case CommandRoute::Handler::Unsupported: return false;
    }
    return true;  // not reached (-Wswitch makes a new route add its line); fail closed anyway
}

// A command that changes what a record file tracks waits for nothing and guesses nothing when
// that file is damaged: it fails with the sentence that says which file and what to do.
std::optional<records::BrokenRecord> CommandDispatcher::brokenRecordFor(const CommandRoute &route)
{
    switch (route.handler) {
    case CommandRoute::Handler::Resource: return records::brokenManifest();
    case CommandRoute::Handler::HookRule: return records::brokenHookRules();
    default: return std::nullopt;
    }
}

} // namespace teamai
