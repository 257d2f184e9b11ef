#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace teamai::mcp {

/// @brief How the agent talks to an MCP server.
enum class Transport { Stdio, Http, Sse };

/// @brief "stdio", "http", "sse".
QString transportName(Transport transport);

/// @brief One MCP server as the backend defined it in `install_mcp`'s `mcp_config`, checked.
/// Maps keep the order they are written in (the command's keys arrive sorted: QJsonObject).
struct McpServer {
    QString name;  ///< the command's slug
    Transport transport = Transport::Stdio;
    QString command;                                  ///< stdio: the program the agent starts
    QStringList args;                                 ///< stdio
    QList<std::pair<QString, QString>> env;           ///< stdio
    QString url;                                      ///< http / sse
    QList<std::pair<QString, QString>> headers;       ///< http / sse
    std::optional<double> timeoutMs;                  ///< startup timeout, milliseconds
};

/// @brief parseDefinition()'s answer: a server, or the ack error saying what is wrong.
struct ParsedServer {
    std::optional<McpServer> server;
    QString error;
};

/// @brief Checks `mcp_config` (@p config) field by field for server @p name; @p type is the
/// command type, the prefix of every error (`install_mcp: …`, the reference's wording where it
/// has one). Accepted: `transport` stdio|http|sse (required); stdio: `command` (non-empty
/// string), `args` (array of strings), `env` (object of strings, names `[A-Za-z_][A-Za-z0-9_]*`);
/// http/sse: `url` (http or https, with a host), `headers` (object of strings, token names);
/// `timeout` (milliseconds, a positive number up to one day; a numeric string is accepted).
/// Fields of the other transport and `requires` are ignored, as the reference ignores them.
/// No control characters anywhere (tab and line breaks allowed in args and values of env and
/// headers other than line breaks in headers), sizes bounded.
ParsedServer parseDefinition(const QString &type, const QString &name, const QJsonValue &config);

} // namespace teamai::mcp
