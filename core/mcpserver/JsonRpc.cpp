#include "mcpserver/JsonRpc.h"

namespace teamai::mcpserver::jsonrpc {

QJsonObject result(const QJsonValue &id, const QJsonObject &result)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                       {QStringLiteral("result"), result}};
}

QJsonObject error(const QJsonValue &id, int code, const QString &message)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("id"), id.isUndefined() ? QJsonValue(QJsonValue::Null) : id},
                       {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}};
}

} // namespace teamai::mcpserver::jsonrpc
