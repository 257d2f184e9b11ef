#include "sync/McpCommandHandler.h"

#include "log/Logging.h"
#include "mcp/McpDefinition.h"
#include "mcp/McpInstaller.h"
#include "mcp/McpRender.h"
#include "mcp/McpTarget.h"
#include "resources/ResourceNames.h"
#include "resources/ResourceScope.h"
#include "tools/ToolTable.h"

namespace teamai {
CommandResult McpCommandHandler::handle(const Command &command, const CommandRoute &route, const CommandContext &context)
{
    const bool install = route.action == ResourceAction::Install;
    const QString type = command.type;
    const ToolInfo &tool = context.tool ? *context.tool : defaultTool();
    const QString slug = command.field(QStringLiteral("slug"));
    if (slug.isEmpty())
        return CommandResult::rejected(QStringLiteral("%1: missing slug").arg(type));
    if (!resources::isValidSlug(slug))
        return CommandResult::rejected(resources::invalidSlugError(slug));
    const QString version = command.field(QStringLiteral("version"));
    if (!version.isEmpty() && !resources::isValidVersion(version))
        return CommandResult::rejected(resources::invalidVersionError(version));

    resources::ResourceScope scope = resources::ResourceScope::resolve(
        command.field(QStringLiteral("scope")), command.field(QStringLiteral("workspace_path")), context.cwd, context.boundWorkspaces);
    if (!scope.ok && scope.error == QLatin1String("Project command is missing workspace_path"))
        scope.error = QStringLiteral("%1: workspace command is missing workspace_path").arg(type);  // the reference's wording
    if (!scope.ok)
        return CommandResult::rejected(scope.error);

    const mcp::McpTarget target = mcp::McpTarget::resolve(tool, scope, type);
    mcp::McpOutcome outcome;
    if (!install) {
        // A tool without an MCP file at this scope has nothing of ours to remove.
        outcome = target.ok ? mcp::installer::uninstall(target, slug, type)
                            : mcp::McpOutcome{true, {}, QStringLiteral("%1 keeps no MCP servers at this scope; nothing to remove").arg(tool.name)};
    } else {
        const mcp::ParsedServer parsed = mcp::parseDefinition(type, slug, command.raw.value(QStringLiteral("mcp_config")));
        if (!parsed.server)
            return CommandResult::rejected(parsed.error);
        if (!target.ok)
            return CommandResult::rejected(target.error);
        if (!mcp::render::supportsTransport(target.format, parsed.server->transport))
            return CommandResult::rejected(QStringLiteral("%1: tool \"%2\" does not support %3 transport")
                                               .arg(type, tool.name, mcp::transportName(parsed.server->transport)));
        outcome = mcp::installer::install(target, *parsed.server, type, tool.name);
    }
    if (!outcome.ok) {
        qCWarning(lcCommands).noquote() << type << slug << "for" << tool.name << "failed:" << outcome.error;
        return CommandResult::failed(outcome.error);
    }
    qCInfo(lcCommands).noquote() << outcome.detail;
    return CommandResult::succeeded(outcome.detail, version);
}

} // namespace teamai
