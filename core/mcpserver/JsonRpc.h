#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace teamai::mcpserver::jsonrpc {

// JSON-RPC 2.0 error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;

/// @brief `{"jsonrpc":"2.0","id":…,"result":…}`.
QJsonObject result(const QJsonValue &id, const QJsonObject &result);
/// @brief `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…}}`; id null when unknown.
QJsonObject error(const QJsonValue &id, int code, const QString &message);

} // namespace teamai::mcpserver::jsonrpc
