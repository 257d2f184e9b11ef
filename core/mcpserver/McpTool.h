#pragma once

#include <QJsonObject>
#include <QString>

#include <functional>

namespace teamai::mcpserver {

/// @brief What one tool call produced: structured content and its text rendering, or a failure
/// (a plain message for the model; MCP's `isError: true`).
struct ToolResult {
    bool isError = false;
    QString text;
    QJsonObject structured;

    static ToolResult failure(const QString &message) { return ToolResult{true, message, {}}; }
    static ToolResult success(const QJsonObject &structured, const QString &text) { return ToolResult{false, text, structured}; }

    /// @brief The MCP `CallToolResult`: `content` (one text item), `structuredContent` unless an
    /// error, `isError`. Every string in it has been through redactSecrets().
    QJsonObject toJson() const;
};

/// @brief One tool the server offers. The server checks the arguments against @p inputSchema
/// (McpArguments) before @p call runs, so a handler only sees arguments of the declared shape.
struct McpTool {
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    std::function<ToolResult(const QJsonObject &arguments)> call;
    /// The shape of `structuredContent` (revision 2025-06-18 clients validate results against it).
    QJsonObject outputSchema;

    /// @brief The `tools/list` entry.
    QJsonObject descriptor() const;
};

/// @brief Every string value in @p value (keys kept) masked by redactSecrets().
QJsonValue redactedJson(const QJsonValue &value);

} // namespace teamai::mcpserver
