#include "commands/Command.h"

#include <QJsonValue>

#include <cmath>

namespace teamai {
namespace {

std::optional<qint64> integerId(const QJsonValue &value)
{
    // JSON numbers arrive as doubles; accept only whole numbers in the exact-integer range.
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (!std::isfinite(number) || std::floor(number) != number || std::fabs(number) > 9007199254740991.0)
        return std::nullopt;
    return static_cast<qint64>(number);
}

} // namespace

QString Command::field(const QString &name) const
{
    const QJsonValue value = raw.value(name);
    if (value.isString())
        return value.toString().trimmed();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 16);
    return {};
}

Command Command::fromJson(const QJsonObject &object)
{
    Command command;
    command.raw = object;
    command.id = integerId(object.value(QStringLiteral("id")));
    command.type = command.field(QStringLiteral("type"));
    return command;
}

CommandRoute routeCommand(const Command &command)
{
    CommandRoute route;
    const QString type = command.type;
    const QString handleType = command.field(QStringLiteral("handle_type"));
    const QString ruleType = command.field(QStringLiteral("rule_type"));

    if (type == QLatin1String("uninstall_teamai") || type == QLatin1String("cmd")) {
        route.handler = CommandRoute::Handler::RestrictedCmd;
        return route;
    }
    if (type == QLatin1String("install_hook_rule") || type == QLatin1String("uninstall_hook_rule")) {
        route.handler = CommandRoute::Handler::HookRule;
        route.hookRuleInstall = type.startsWith(QLatin1String("install_"));
        return route;
    }
    if (type == QLatin1String("install_mcp") || type == QLatin1String("uninstall_mcp")) {
        route.handler = CommandRoute::Handler::Mcp;
        route.action = type.startsWith(QLatin1String("install_")) ? ResourceAction::Install : ResourceAction::Uninstall;
        return route;
    }
    if (handleType == QLatin1String("hook")) {
        route.handler = CommandRoute::Handler::SkipHook;
        return route;
    }
    // After the hook skip, as in the reference: a hook-typed apply_model_config is skipped too.
    if (type == QLatin1String("apply_model_config")) {
        route.handler = CommandRoute::Handler::ModelConfig;
        return route;
    }

    // Kind: explicit prompt/rule markers first, then the type's suffix.
    std::optional<ResourceKind> kind;
    if (ruleType == QLatin1String("prompt") || handleType == QLatin1String("prompt"))
        kind = ResourceKind::ClaudeMd;
    else if (handleType == QLatin1String("rule"))
        kind = ResourceKind::Rule;
    else if (type.isEmpty() || type.endsWith(QLatin1String("_skill")))
        kind = ResourceKind::Skill;
    else if (type.endsWith(QLatin1String("_claudemd")) || type.endsWith(QLatin1String("_claude_md")))
        kind = ResourceKind::ClaudeMd;
    else if (type.endsWith(QLatin1String("_rule")))
        kind = ResourceKind::Rule;

    std::optional<ResourceAction> action;
    if (type.isEmpty() || type.startsWith(QLatin1String("install_")))
        action = ResourceAction::Install;
    else if (type.startsWith(QLatin1String("uninstall_")))
        action = ResourceAction::Uninstall;

    if (!kind || !action) {
        route.handler = CommandRoute::Handler::Unsupported;
        return route;
    }
    route.handler = CommandRoute::Handler::Resource;
    route.kind = *kind;
    route.action = *action;
    return route;
}

} // namespace teamai
