// libFuzzer target for the first code that touches a sync answer: bytes → QJsonDocument →
// teamai::Command::fromJson → routeCommand and the field accessors, plus the slug and version
// checks the resource and hook-rule handlers apply to the fields they pick. Besides "never
// crashes, never hangs" (ASan, UBSan, -timeout), it checks properties stated independently of the
// implementation:
//  1. `raw` is the object as received; `type` is field("type");
//  2. an id is present exactly when `id` is a whole JSON number within ±(2^53 − 1), and equals it;
//  3. field() is the trimmed string for a string, a number's text for a number, empty otherwise;
//  4. routing follows the SPEC §4 order on `type` and `handle_type` (restricted cmd, hook rule,
//     skipped hook, model config, resource with a matching install/uninstall prefix, else unsupported);
//  5. a command re-read from the ledger (its raw object written as compact JSON and parsed again)
//     has the same id, type, route and fields, so a deferred command runs as it was received.
// A violation traps (__builtin_trap), so libFuzzer keeps the input.
#include "commands/Command.h"
#include "mcp/McpDefinition.h"
#include "resources/ResourceNames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace {

using teamai::Command;
using teamai::CommandRoute;
using Handler = CommandRoute::Handler;

[[noreturn]] void fail(const char *what, const QJsonObject &object)
{
    std::fprintf(stderr, "property violated: %s\ncommand: %s\n", what,
                 QJsonDocument(object).toJson(QJsonDocument::Compact).constData());
    __builtin_trap();
}

// Every field SPEC §4 names, plus the kind-specific ones the handlers derive.
const QStringList &specFields()
{
    static const QStringList fields{
        QStringLiteral("id"), QStringLiteral("type"), QStringLiteral("scope"), QStringLiteral("workspace_path"),
        QStringLiteral("download_url"), QStringLiteral("skill_slug"), QStringLiteral("skill_version"),
        QStringLiteral("rule_slug"), QStringLiteral("rule_version"), QStringLiteral("rule_type"),
        QStringLiteral("handle_type"), QStringLiteral("claudemd_slug"), QStringLiteral("claudemd_version"),
        QStringLiteral("resource_slug"), QStringLiteral("resource_version"), QStringLiteral("slug"),
        QStringLiteral("name"), QStringLiteral("version"), QStringLiteral("display_name"), QStringLiteral("cmd"),
        QStringLiteral("event"), QStringLiteral("matcher"), QStringLiteral("timeout")};
    return fields;
}

bool sameRoute(const CommandRoute &a, const CommandRoute &b)
{
    if (a.handler != b.handler || a.hookRuleInstall != b.hookRuleInstall)
        return false;
    if (a.handler == Handler::Mcp)
        return a.action == b.action;
    return a.handler != Handler::Resource || (a.kind == b.kind && a.action == b.action);
}

void checkId(const Command &command)
{
    const QJsonValue id = command.raw.value(QStringLiteral("id"));
    const double number = id.toDouble();
    const bool whole = id.isDouble() && std::isfinite(number) && std::trunc(number) == number
        && std::fabs(number) <= 9007199254740991.0;
    if (whole != command.id.has_value())
        fail("id presence disagrees with the JSON value", command.raw);
    if (command.id && double(*command.id) != number)
        fail("id differs from the JSON value", command.raw);
}

void checkFields(const Command &command)
{
    for (const QString &name : specFields() + command.raw.keys()) {
        const QJsonValue value = command.raw.value(name);
        const QString field = command.field(name);
        if (value.isString() && field != value.toString().trimmed())
            fail("a string field is not its trimmed value", command.raw);
        if (!value.isString() && !value.isDouble() && !field.isEmpty())
            fail("a non-scalar field has a value", command.raw);
        if (field.trimmed() != field)
            fail("a field is not trimmed", command.raw);
    }
    if (command.type != command.field(QStringLiteral("type")))
        fail("type is not field(\"type\")", command.raw);
}

void checkRoute(const Command &command, const CommandRoute &route)
{
    const QString &type = command.type;
    const QString handleType = command.field(QStringLiteral("handle_type"));
    const bool restricted = type == QLatin1String("uninstall_teamai") || type == QLatin1String("cmd");
    const bool hookRule = type == QLatin1String("install_hook_rule") || type == QLatin1String("uninstall_hook_rule");
    if (restricted != (route.handler == Handler::RestrictedCmd))
        fail("restricted routing disagrees with the type", command.raw);
    if (!restricted && hookRule != (route.handler == Handler::HookRule))
        fail("hook-rule routing disagrees with the type", command.raw);
    const bool mcp = type == QLatin1String("install_mcp") || type == QLatin1String("uninstall_mcp");
    if (mcp != (route.handler == Handler::Mcp))
        fail("MCP routing disagrees with the type", command.raw);
    if (mcp && (route.action == teamai::ResourceAction::Install) != type.startsWith(QLatin1String("install_")))
        fail("MCP action disagrees with the type", command.raw);
    if (route.handler == Handler::HookRule && route.hookRuleInstall != type.startsWith(QLatin1String("install_")))
        fail("hook-rule install flag disagrees with the type", command.raw);
    if (!restricted && !hookRule && !mcp && (handleType == QLatin1String("hook")) != (route.handler == Handler::SkipHook))
        fail("skipped-hook routing disagrees with handle_type", command.raw);
    const bool modelConfig = !restricted && !hookRule && handleType != QLatin1String("hook") && type == QLatin1String("apply_model_config");
    if (modelConfig != (route.handler == Handler::ModelConfig))
        fail("model-config routing disagrees with the type", command.raw);
    if (route.handler == Handler::Resource) {
        const bool install = type.isEmpty() || type.startsWith(QLatin1String("install_"));
        if (install != (route.action == teamai::ResourceAction::Install)
            || (!install && !type.startsWith(QLatin1String("uninstall_"))))
            fail("resource action disagrees with the type", command.raw);
        if (teamai::resourceKindName(route.kind).isEmpty())
            fail("resource kind has no name", command.raw);
    }
    if (type.isEmpty() && handleType != QLatin1String("hook") && route.handler != Handler::Resource)
        fail("an empty type is not a skill install", command.raw);
}

/// An accepted MCP definition holds nothing a tool file could misread: no line break in the
/// command or the url, no CR/LF in a header, an http(s) url, env names from the fixed alphabet.
void checkMcpDefinition(const Command &command)
{
    const teamai::mcp::ParsedServer parsed = teamai::mcp::parseDefinition(
        QStringLiteral("install_mcp"), command.field(QStringLiteral("slug")), command.raw.value(QStringLiteral("mcp_config")));
    if (parsed.server.has_value() == !parsed.error.isEmpty())
        fail("an MCP definition is both accepted and refused, or neither", command.raw);
    if (!parsed.server)
        return;
    const teamai::mcp::McpServer &server = *parsed.server;
    const auto hasBreak = [](const QString &s) { return s.contains(u'\n') || s.contains(u'\r') || s.contains(QChar(0)); };
    if (hasBreak(server.command) || hasBreak(server.url))
        fail("an accepted MCP command or url holds a line break", command.raw);
    if (!server.url.isEmpty() && !server.url.startsWith(QLatin1String("http://"), Qt::CaseInsensitive)
        && !server.url.startsWith(QLatin1String("https://"), Qt::CaseInsensitive))
        fail("an accepted MCP url is not http(s)", command.raw);
    for (const auto &[name, value] : server.headers) {
        if (hasBreak(name) || hasBreak(value))
            fail("an accepted MCP header holds a line break", command.raw);
    }
    for (const auto &[name, value] : server.env) {
        Q_UNUSED(value)
        if (name.isEmpty() || name.at(0).isDigit() || hasBreak(name) || name.contains(u'='))
            fail("an accepted MCP env name is not a name", command.raw);
    }
}

// What the handlers do with the names they pick: validate, and build the error text.
void checkNames(const Command &command)
{
    using namespace teamai::resources;
    for (const QString &name : specFields()) {
        const QString value = command.field(name);
        if (!isValidSlug(value) && invalidSlugError(value).size() > 23 + kMaxEchoedNameLength + 1)
            fail("slug error echoes too much", command.raw);
        if (!value.isEmpty() && !isValidVersion(value) && invalidVersionError(value).size() > 26 + kMaxEchoedNameLength + 1)
            fail("version error echoes too much", command.raw);
    }
}

void checkCommand(const QJsonObject &object)
{
    const Command command = Command::fromJson(object);
    if (command.raw != object)
        fail("raw is not the received object", object);
    checkId(command);
    checkFields(command);
    const CommandRoute route = teamai::routeCommand(command);
    checkRoute(command, route);
    checkNames(command);
    checkMcpDefinition(command);

    const QByteArray stored = QJsonDocument(command.raw).toJson(QJsonDocument::Compact);
    const Command reread = Command::fromJson(QJsonDocument::fromJson(stored).object());
    if (reread.id != command.id || reread.type != command.type || !sameRoute(teamai::routeCommand(reread), route))
        fail("a command re-read from the ledger differs", object);
    for (const QString &name : specFields()) {
        if (reread.field(name) != command.field(name))
            fail("a field re-read from the ledger differs", object);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    // A sync answer ({"cmds": […]} or {"commands": […]}), a bare list, or one command.
    QJsonArray list;
    if (document.isArray()) {
        list = document.array();
    } else if (document.isObject()) {
        const QJsonObject answer = document.object();
        list = answer.value(QStringLiteral("cmds")).toArray() + answer.value(QStringLiteral("commands")).toArray();
        list.append(answer);
    }
    for (const QJsonValue &value : list) {
        if (value.isObject())
            checkCommand(value.toObject());
    }
    return 0;
}
