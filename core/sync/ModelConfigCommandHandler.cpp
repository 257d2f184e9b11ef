#include "sync/ModelConfigCommandHandler.h"

#include "log/Logging.h"
#include "modelconfig/DeliveredModels.h"
#include "modelconfig/ModelConfigApply.h"
#include "resources/ResourceScope.h"
#include "tools/ToolTable.h"
#include "util/Redact.h"
#include "util/Result.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonValue>

namespace teamai {
namespace {

/// `cmd` as the reference reads it: a string as sent; other JSON values as JavaScript turns
/// them into text before parsing (an object becomes "[object Object]", which is not JSON).
QString cmdText(const Command &command)
{
    const QJsonValue value = command.raw.value(QStringLiteral("cmd"));
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return command.field(QStringLiteral("cmd"));
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull())
        return QStringLiteral("null");
    if (value.isObject() || value.isArray())
        return QStringLiteral("[object Object]");
    return {};
}

/// The tool and scope the command is for, in the reference's order of checks.
Result<modelconfig::ApplyTarget> targetFor(const Command &command, const CommandContext &context)
{
    const ToolInfo &tool = context.tool ? *context.tool : defaultTool();
    modelconfig::ApplyTarget target;
    target.kind = modelconfig::kindOfTool(tool.name);
    if (target.kind.isEmpty())
        return Error{QStringLiteral("apply_model_config: unsupported agent \"%1\"").arg(tool.name)};
    const QString scope = command.field(QStringLiteral("scope")).toLower();
    if (scope != QLatin1String("workspace") && scope != QLatin1String("project"))
        return target;
    // ResourceScope checks the path (absolute, an existing folder) and finds the git top level of
    // the cwd; whether the workspace is bound is checked below, in the reference's words.
    const QString workspacePath = command.field(QStringLiteral("workspace_path"));
    const resources::ResourceScope resolved = resources::ResourceScope::resolve(
        scope, workspacePath, workspacePath.isEmpty() ? context.cwd : workspacePath, context.boundWorkspaces);
    if (!resolved.ok) {
        return Error{resolved.error.startsWith(QLatin1String("Project command is missing"))
                         ? QStringLiteral("apply_model_config: workspace command is missing workspace_path")
                         : QStringLiteral("apply_model_config: %1").arg(resolved.error)};
    }
    // Model files hold keys: only a workspace the user bound to a project, never just the cwd.
    bool bound = false;
    for (const QString &workspace : context.boundWorkspaces)
        bound = bound || QDir::cleanPath(workspace) == resolved.baseDir;
    if (!bound)
        return Error{QStringLiteral("apply_model_config: workspace \"%1\" is not a registered binding").arg(QFileInfo(resolved.baseDir).fileName())};
    if (target.kind == QLatin1String("claude"))
        return Error{QStringLiteral("apply_model_config: workspace scope is unsupported for claude")};
    target.workspace = resolved.baseDir;
    return target;
}

/// `cmd` parsed; its API keys are registered with the log redaction before anything can print them.
modelconfig::ParsedDelivery parsedDelivery(const Command &command)
{
    modelconfig::ParsedDelivery parsed = modelconfig::parseDelivery(cmdText(command));
    for (const modelconfig::DeliveredModel &model : parsed.delivery.models)
        addSecretValue(model.apiKey);
    return parsed;
}

} // namespace

bool ModelConfigCommandHandler::onlyRemoves(const Command &command)
{
    const modelconfig::ParsedDelivery parsed = parsedDelivery(command);
    return parsed.ok && parsed.delivery.isRemoval();
}

CommandResult ModelConfigCommandHandler::handle(const Command &command, const CommandRoute &, const CommandContext &context)
{
    const modelconfig::ParsedDelivery parsed = parsedDelivery(command);
    if (!parsed.ok)
        return CommandResult::rejected(parsed.error);
    const Result<modelconfig::ApplyTarget> target = targetFor(command, context);
    if (!target)
        return CommandResult::rejected(target.error());

    const modelconfig::ApplyOutcome outcome = modelconfig::applyModels(*target, parsed.delivery);
    if (!outcome.ok) {
        qCWarning(lcCommands).noquote() << "model configuration for" << target->kind << "failed:" << outcome.error;
        return CommandResult::failed(outcome.error);
    }
    qCInfo(lcCommands).noquote() << outcome.detail;
    CommandResult result = CommandResult::succeeded(outcome.detail);
    // A success that left the user's settings alone says so in the ack.
    result.ackNote = outcome.notes.join(QStringLiteral("; "));
    if (!result.ackNote.isEmpty())
        result.detail += QStringLiteral(" — ") + result.ackNote;
    return result;
}

} // namespace teamai
