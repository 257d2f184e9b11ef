#include "mcpserver/McpServer.h"

#include "mcpserver/JsonRpc.h"
#include "mcpserver/JsonRpcFraming.h"
#include "mcpserver/McpArguments.h"

#include <QJsonArray>

#include <algorithm>

namespace teamai::mcpserver {
namespace {

bool validId(const QJsonValue &id)
{
    return id.isString() || (id.isDouble() && id.toDouble() == double(id.toInteger()));
}

} // namespace

const QStringList &McpServer::supportedRevisions()
{
    static const QStringList revisions{QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
    return revisions;
}

McpServer::McpServer(QString name, QString version, QList<McpTool> tools)
    : m_name(std::move(name))
    , m_version(std::move(version))
    , m_tools(std::move(tools))
{
}

std::optional<QJsonObject> McpServer::handle(const Frame &frame)
{
    if (!frame.ok)
        return jsonrpc::error(QJsonValue::Null, frame.errorCode, frame.errorMessage);
    return handle(frame.value);
}

std::optional<QJsonObject> McpServer::handle(const QJsonValue &message)
{
    if (message.isArray())
        return jsonrpc::error(QJsonValue::Null, jsonrpc::kInvalidRequest,
                              QStringLiteral("batches are not supported (protocol revision %1)").arg(supportedRevisions().first()));
    if (!message.isObject())
        return jsonrpc::error(QJsonValue::Null, jsonrpc::kInvalidRequest, QStringLiteral("a message must be a JSON object"));
    const QJsonObject object = message.toObject();
    const bool hasId = object.contains(QStringLiteral("id"));
    const QJsonValue id = object.value(QStringLiteral("id"));
    const QJsonValue method = object.value(QStringLiteral("method"));
    if (!method.isString() && (object.contains(QStringLiteral("result")) || object.contains(QStringLiteral("error"))))
        return std::nullopt;  // a response: we never send requests, so there is nothing to match it to
    if (object.value(QStringLiteral("jsonrpc")).toString() != QLatin1String("2.0") || !method.isString()
        || (hasId && !validId(id)))
        return jsonrpc::error(hasId && validId(id) ? id : QJsonValue(QJsonValue::Null), jsonrpc::kInvalidRequest,
                              QStringLiteral("not a JSON-RPC 2.0 request (jsonrpc \"2.0\", a string method, a string or integer id)"));
    const QJsonValue params = object.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject())
        return hasId ? std::optional(jsonrpc::error(id, jsonrpc::kInvalidParams, QStringLiteral("params must be an object")))
                     : std::nullopt;
    if (!hasId)
        return std::nullopt;  // notifications (initialized, cancelled…) need no answer
    return dispatch(id, method.toString(), params);
}

QJsonObject McpServer::dispatch(const QJsonValue &id, const QString &method, const QJsonValue &params)
{
    if (method == QLatin1String("initialize"))
        return initialize(id, params.toObject());
    if (method == QLatin1String("ping"))
        return jsonrpc::result(id, {});
    if (method == QLatin1String("tools/list"))
        return listTools(id);
    if (method == QLatin1String("tools/call"))
        return callTool(id, params.toObject());
    return jsonrpc::error(id, jsonrpc::kMethodNotFound, QStringLiteral("method not found: %1").arg(method));
}

QJsonObject McpServer::initialize(const QJsonValue &id, const QJsonObject &params)
{
    const QJsonValue asked = params.value(QStringLiteral("protocolVersion"));
    if (!asked.isString())
        return jsonrpc::error(id, jsonrpc::kInvalidParams, QStringLiteral("initialize needs a protocolVersion string"));
    m_revision = supportedRevisions().contains(asked.toString()) ? asked.toString() : supportedRevisions().first();
    return jsonrpc::result(id, QJsonObject{
        {QStringLiteral("protocolVersion"), m_revision},
        {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject{}}}},
        {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), m_name}, {QStringLiteral("version"), m_version}}},
        {QStringLiteral("instructions"),
         QStringLiteral("Read-only view of what the TeamAI backend did on this machine, plus a tool that turns "
                        "remote commands off. No tool turns them on.")},
    });
}

QJsonObject McpServer::listTools(const QJsonValue &id) const
{
    QJsonArray tools;
    for (const McpTool &tool : m_tools)
        tools.append(tool.descriptor());
    return jsonrpc::result(id, QJsonObject{{QStringLiteral("tools"), tools}});
}

QJsonObject McpServer::callTool(const QJsonValue &id, const QJsonObject &params) const
{
    const QJsonValue name = params.value(QStringLiteral("name"));
    const QJsonValue arguments = params.value(QStringLiteral("arguments"));
    if (!name.isString())
        return jsonrpc::error(id, jsonrpc::kInvalidParams, QStringLiteral("tools/call needs a tool name"));
    const auto tool = std::find_if(m_tools.begin(), m_tools.end(), [&](const McpTool &t) { return t.name == name.toString(); });
    if (tool == m_tools.end())
        return jsonrpc::error(id, jsonrpc::kInvalidParams, QStringLiteral("unknown tool: %1").arg(name.toString()));
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject())
        return jsonrpc::result(id, ToolResult::failure(QStringLiteral("arguments must be an object")).toJson());
    if (const Status checked = checkArguments(tool->inputSchema, arguments.toObject()); !checked)
        return jsonrpc::result(id, ToolResult::failure(checked.error()).toJson());
    return jsonrpc::result(id, tool->call(arguments.toObject()).toJson());
}

} // namespace teamai::mcpserver
