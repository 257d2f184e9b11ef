#include "mcp/McpRender.h"

#include "mcp/CodexToml.h"

#include <QCryptographicHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace teamai::mcp::render {
namespace {

const QRegularExpression &placeholder()
{
    static const QRegularExpression re(QStringLiteral("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
    return re;
}

/// `${VAR}` → `${env:VAR}`: Cursor's spelling of an environment reference.
QString cursorSyntax(QString text)
{
    return text.replace(placeholder(), QStringLiteral("${env:\\1}"));
}

JsonNode map(const QList<std::pair<QString, QString>> &entries, bool cursor = false)
{
    JsonNode node = JsonNode::object();
    for (const auto &[key, value] : entries)
        node.insert(key, JsonNode::string(cursor ? cursorSyntax(value) : value));
    return node;
}

void addStdio(JsonNode &entry, const McpServer &server, bool cursor = false)
{
    entry.insert(QStringLiteral("command"), JsonNode::string(server.command));
    if (!server.args.isEmpty()) {
        QStringList args = server.args;
        if (cursor)
            std::transform(args.begin(), args.end(), args.begin(), cursorSyntax);
        entry.insert(QStringLiteral("args"), JsonNode::stringArray(args));
    }
    if (!server.env.isEmpty())
        entry.insert(QStringLiteral("env"), map(server.env, cursor));
}

void addRemote(JsonNode &entry, const McpServer &server, bool cursor = false)
{
    entry.insert(QStringLiteral("url"), JsonNode::string(cursor ? cursorSyntax(server.url) : server.url));
    if (!server.headers.isEmpty())
        entry.insert(QStringLiteral("headers"), map(server.headers, cursor));
}

void addTimeout(JsonNode &entry, const McpServer &server)
{
    if (server.timeoutMs)
        entry.insert(QStringLiteral("timeout"), JsonNode::number(*server.timeoutMs));
}

JsonNode opencodeEntry(const McpServer &server)
{
    JsonNode entry = JsonNode::object();
    if (server.transport == Transport::Stdio) {
        entry.insert(QStringLiteral("type"), JsonNode::string(QStringLiteral("local")));
        entry.insert(QStringLiteral("command"), JsonNode::stringArray(QStringList{server.command} + server.args));
        if (!server.env.isEmpty())
            entry.insert(QStringLiteral("environment"), map(server.env));
    } else {
        entry.insert(QStringLiteral("type"), JsonNode::string(QStringLiteral("remote")));
        addRemote(entry, server);
    }
    entry.insert(QStringLiteral("enabled"), JsonNode::boolean(true));
    return entry;
}

JsonNode copilotEntry(const McpServer &server)
{
    JsonNode entry = JsonNode::object();
    const bool stdio = server.transport == Transport::Stdio;
    entry.insert(QStringLiteral("type"), JsonNode::string(stdio ? QStringLiteral("local") : transportName(server.transport)));
    entry.insert(QStringLiteral("tools"), JsonNode::stringArray({QStringLiteral("*")}));
    if (stdio) {
        entry.insert(QStringLiteral("command"), JsonNode::string(server.command));
        entry.insert(QStringLiteral("args"), JsonNode::stringArray(server.args));  // always, even empty
        if (!server.env.isEmpty())
            entry.insert(QStringLiteral("env"), map(server.env));
    } else {
        addRemote(entry, server);
    }
    addTimeout(entry, server);
    return entry;
}

QString inlineTable(const QList<std::pair<QString, QString>> &entries)
{
    QStringList parts;
    for (const auto &[key, value] : entries)
        parts.append(codextoml::quote(key) + QStringLiteral(" = ") + codextoml::quote(value));
    return QStringLiteral("{ %1 }").arg(parts.join(QStringLiteral(", ")));
}

QString startupTimeoutLine(const McpServer &server)
{
    return QStringLiteral("startup_timeout_sec = %1").arg(qint64(std::ceil(*server.timeoutMs / 1000)));
}

QString codexHttpBlock(const McpServer &server)
{
    static const QRegularExpression bearer(QStringLiteral("^Bearer \\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}\\z"));
    static const QRegularExpression whole(QStringLiteral("^\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}\\z"));
    QStringList lines{QStringLiteral("[mcp_servers.%1]").arg(server.name), QStringLiteral("url = ") + codextoml::quote(server.url)};
    QString bearerVariable;
    QList<std::pair<QString, QString>> fromEnv;
    QList<std::pair<QString, QString>> literal;
    for (const auto &[name, value] : server.headers) {
        const QRegularExpressionMatch token = bearer.match(value);
        if (name.compare(QLatin1String("authorization"), Qt::CaseInsensitive) == 0 && token.hasMatch()) {
            bearerVariable = token.captured(1);
            continue;
        }
        if (const QRegularExpressionMatch variable = whole.match(value); variable.hasMatch())
            fromEnv.append({name, variable.captured(1)});
        else
            literal.append({name, value});
    }
    if (!bearerVariable.isEmpty())
        lines.append(QStringLiteral("bearer_token_env_var = ") + codextoml::quote(bearerVariable));
    if (!fromEnv.isEmpty())
        lines.append(QStringLiteral("env_http_headers = ") + inlineTable(fromEnv));
    if (!literal.isEmpty())
        lines.append(QStringLiteral("http_headers = ") + inlineTable(literal));
    if (server.timeoutMs)
        lines.append(startupTimeoutLine(server));
    return lines.join(u'\n') + u'\n';
}

} // namespace

QString serverKey(McpFormat format)
{
    return format == McpFormat::Opencode ? QStringLiteral("mcp") : QStringLiteral("mcpServers");
}

bool supportsTransport(McpFormat format, Transport transport)
{
    if (format == McpFormat::None)
        return false;
    return transport != Transport::Sse || (format != McpFormat::Codex && format != McpFormat::Opencode);
}

JsonNode jsonEntry(McpFormat format, const McpServer &server)
{
    const bool stdio = server.transport == Transport::Stdio;
    JsonNode entry = JsonNode::object();
    switch (format) {
    case McpFormat::Opencode: return opencodeEntry(server);
    case McpFormat::Copilot: return copilotEntry(server);
    case McpFormat::Claude:
        entry.insert(QStringLiteral("type"), JsonNode::string(transportName(server.transport)));
        stdio ? addStdio(entry, server) : addRemote(entry, server);
        return entry;
    case McpFormat::Cursor:
        if (!stdio)
            entry.insert(QStringLiteral("type"), JsonNode::string(transportName(server.transport)));
        stdio ? addStdio(entry, server, true) : addRemote(entry, server, true);
        return entry;
    case McpFormat::Buddy:
    case McpFormat::Codex:
    case McpFormat::None:
        break;
    }
    if (!stdio)
        entry.insert(QStringLiteral("type"), JsonNode::string(transportName(server.transport)));
    stdio ? addStdio(entry, server) : addRemote(entry, server);
    addTimeout(entry, server);
    return entry;
}

QString codexBlock(const McpServer &server)
{
    if (server.transport == Transport::Http)
        return codexHttpBlock(server);
    QStringList lines{QStringLiteral("[mcp_servers.%1]").arg(server.name), QStringLiteral("command = ") + codextoml::quote(server.command)};
    QStringList args;
    for (const QString &arg : server.args)
        args.append(codextoml::quote(arg));
    lines.append(QStringLiteral("args = [%1]").arg(args.join(QStringLiteral(", "))));
    if (server.timeoutMs)
        lines.append(startupTimeoutLine(server));
    if (!server.env.isEmpty()) {
        lines.append(QString());
        lines.append(QStringLiteral("[mcp_servers.%1.env]").arg(server.name));
        for (const auto &[key, value] : server.env)
            lines.append(key + QStringLiteral(" = ") + codextoml::quote(value));
    }
    return lines.join(u'\n') + u'\n';
}

QString entryHash(const JsonNode &entry)
{
    return QString::fromLatin1(QCryptographicHash::hash(entry.compact(), QCryptographicHash::Sha1).toHex().left(16));
}

QString entryHash(const QString &codexBlock)
{
    return entryHash(JsonNode::string(codexBlock));
}

} // namespace teamai::mcp::render
