#pragma once

#include "mcpserver/McpTool.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QStringList>

#include <optional>

namespace teamai::mcpserver {

struct Frame;

/// @brief The MCP dispatcher, without any I/O: maps one JSON-RPC message to its response.
///
/// - `initialize` answers the client's protocolVersion when supported, else the latest we speak;
///   capabilities `{tools: {}}` and serverInfo; `notifications/initialized` and other
///   notifications are accepted silently (no response, ever);
/// - `ping`, `tools/list`, `tools/call` (unknown tool: -32602; bad arguments or a failing tool:
///   a result with `isError: true` and a plain message);
/// - not an object, no/invalid `jsonrpc`, `method` or `id`: -32600; unknown method: -32601.
/// JSON-RPC batches (arrays) are refused with -32600: protocol revision 2025-06-18 removed them.
class McpServer
{
public:
    /// Revisions we speak, newest first.
    static const QStringList &supportedRevisions();

    McpServer(QString name, QString version, QList<McpTool> tools);

    /// @brief The response to @p message; nullopt for a notification (or a response sent to us).
    std::optional<QJsonObject> handle(const QJsonValue &message);
    /// @brief The response for a frame: its error when framing failed, else handle().
    std::optional<QJsonObject> handle(const Frame &frame);

    /// @brief The revision the last `initialize` agreed on (empty before).
    QString negotiatedRevision() const { return m_revision; }

private:
    QJsonObject dispatch(const QJsonValue &id, const QString &method, const QJsonValue &params);
    QJsonObject initialize(const QJsonValue &id, const QJsonObject &params);
    QJsonObject listTools(const QJsonValue &id) const;
    QJsonObject callTool(const QJsonValue &id, const QJsonObject &params) const;

    QString m_name;
    QString m_version;
    QList<McpTool> m_tools;
    QString m_revision;
};

} // namespace teamai::mcpserver
