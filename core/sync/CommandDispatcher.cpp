#include "sync/CommandDispatcher.h"

#include "log/Logging.h"

namespace teamai {

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
    const CommandRoute route = routeCommand(command);
    CommandHandler *handler = nullptr;
    switch (route.handler) {
    case CommandRoute::Handler::RestrictedCmd:
        handler = m_handlers.restricted;
        break;
    case CommandRoute::Handler::HookRule:
        handler = m_handlers.hookRules;
        break;
    case CommandRoute::Handler::Resource:
        handler = m_handlers.resources;
        break;
    case CommandRoute::Handler::Mcp:
        handler = m_handlers.mcp;
        break;
    case CommandRoute::Handler::ModelConfig:
        handler = m_handlers.modelConfig;
        break;
    case CommandRoute::Handler::SkipHook:
        return CommandResult::skipped(QStringLiteral("hook command: handled by the agent's own hooks"));
    case CommandRoute::Handler::Unsupported:
        return CommandResult::failed(QStringLiteral("Unsupported command type: %1").arg(command.type));
    }
    if (!handler)
        return CommandResult::failed(QStringLiteral("Unsupported command type: %1").arg(command.type));
    if (const auto broken = brokenRecordFor(route)) {
        records::logOnce(*broken);
        return CommandResult::failed(broken->sentence());
    }
    return handler->handle(command, route, context);
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
