#include "sync/HookRuleCommandHandler.h"

#include "agenthooks/HookRules.h"
#include "log/Logging.h"
#include "resources/ResourceNames.h"
#include "resources/ResourceScope.h"
#include "tools/ToolTable.h"

#include <QJsonValue>

#include <cmath>
#include <optional>

namespace teamai {
namespace {

constexpr int kDefaultTimeoutSeconds = 10;
constexpr int kMaxTimeoutSeconds = 24 * 3600;

/// The hook's timeout in seconds: absent or blank → 10; otherwise a positive whole number.
std::optional<int> timeoutOf(const Command &command)
{
    const QJsonValue value = command.raw.value(QStringLiteral("timeout"));
    if (value.isUndefined() || value.isNull() || (value.isString() && value.toString().trimmed().isEmpty()))
        return kDefaultTimeoutSeconds;
    bool ok = value.isDouble();
    double seconds = value.toDouble();
    if (value.isString())
        seconds = value.toString().trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(seconds) || seconds < 1 || seconds > kMaxTimeoutSeconds || std::floor(seconds) != seconds)
        return std::nullopt;
    return int(seconds);
}

} // namespace

CommandResult HookRuleCommandHandler::handle(const Command &command, const CommandRoute &route, const CommandContext &context)
{
    const ToolInfo &tool = context.tool ? *context.tool : defaultTool();
    QString slug = command.field(QStringLiteral("slug"));
    if (slug.isEmpty())
        slug = command.field(QStringLiteral("resource_slug"));
    if (slug.isEmpty())
        slug = command.field(QStringLiteral("name"));
    if (!resources::isValidSlug(slug))
        return CommandResult::rejected(resources::invalidSlugError(slug));
    const QString version = command.field(QStringLiteral("version"));
    if (!version.isEmpty() && !resources::isValidVersion(version))
        return CommandResult::rejected(resources::invalidVersionError(version));

    agenthooks::HookRuleOutcome outcome;
    if (!route.hookRuleInstall) {
        outcome = agenthooks::hookrules::uninstall(tool, slug);
    } else {
        agenthooks::HookRuleSpec spec;
        spec.slug = slug;
        spec.event = command.field(QStringLiteral("event"));
        // The command keeps its own spacing: it is run by the agent's shell exactly as sent.
        spec.command = command.raw.value(QStringLiteral("cmd")).toString();
        spec.matcher = command.field(QStringLiteral("matcher"));
        if (spec.event.isEmpty())
            return CommandResult::rejected(QStringLiteral("Missing event for hook rule %1").arg(slug));
        if (spec.command.trimmed().isEmpty())
            return CommandResult::rejected(QStringLiteral("Missing cmd for hook rule %1").arg(slug));
        const std::optional<int> timeout = timeoutOf(command);
        if (!timeout)
            return CommandResult::rejected(QStringLiteral("Invalid hook timeout: %1")
                                               .arg(command.field(QStringLiteral("timeout"))));
        spec.timeoutSeconds = *timeout;
        const resources::ResourceScope scope = resources::ResourceScope::resolve(
            command.field(QStringLiteral("scope")), command.field(QStringLiteral("workspace_path")), context.cwd,
            context.boundWorkspaces);
        if (!scope.ok)
            return CommandResult::rejected(scope.error);
        outcome = agenthooks::hookrules::install(tool, scope.baseDir, scope.key, spec);
    }
    if (!outcome.ok) {
        qCWarning(lcCommands).noquote() << "hook rule" << slug << "for" << tool.name << "failed:" << outcome.error;
        return CommandResult::failed(outcome.error);
    }
    qCInfo(lcCommands).noquote() << outcome.detail;
    return CommandResult::succeeded(outcome.detail, version);
}

} // namespace teamai
