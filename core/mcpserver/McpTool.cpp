#include "mcpserver/McpTool.h"

#include "util/Redact.h"

#include <QJsonArray>

namespace teamai::mcpserver {

QJsonValue redactedJson(const QJsonValue &value)
{
    if (value.isString())
        return redactSecrets(value.toString());
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(redactedJson(item));
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            out.insert(it.key(), redactedJson(it.value()));
        return out;
    }
    return value;
}

QJsonObject ToolResult::toJson() const
{
    QJsonObject out{
        {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                           {QStringLiteral("text"), redactSecrets(text)}}}},
        {QStringLiteral("isError"), isError},
    };
    if (!isError)
        out.insert(QStringLiteral("structuredContent"), redactedJson(structured));
    return out;
}

QJsonObject McpTool::descriptor() const
{
    QJsonObject out{{QStringLiteral("name"), name},
                    {QStringLiteral("description"), description},
                    {QStringLiteral("inputSchema"), inputSchema}};
    if (!title.isEmpty())
        out.insert(QStringLiteral("title"), title);
    if (!outputSchema.isEmpty())
        out.insert(QStringLiteral("outputSchema"), outputSchema);
    return out;
}

} // namespace teamai::mcpserver
