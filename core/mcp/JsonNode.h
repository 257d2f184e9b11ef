#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QStringList>
#include <QString>

#include <utility>

namespace teamai::mcp {

/// @brief A JSON value whose object members keep the order they were added in, written exactly
/// as JavaScript's `JSON.stringify` writes it. The reference client hashes and writes MCP entries
/// that way, so the same entry gives the same bytes and the same manifest hash from both clients
/// (QJsonObject sorts its keys and cannot).
///
/// Use: `JsonNode e = JsonNode::object(); e.insert("command", JsonNode::string("npx"));`
class JsonNode
{
public:
    enum class Kind { Null, String, Number, Bool, Array, Object };

    static JsonNode string(const QString &value);
    static JsonNode number(double value);
    static JsonNode boolean(bool value);
    static JsonNode array(const QList<JsonNode> &items = {});
    static JsonNode stringArray(const QStringList &items);
    static JsonNode object();
    static JsonNode null();
    /// @brief @p value as a node (an object's members in QJsonObject's order: sorted).
    static JsonNode from(const QJsonValue &value);

    Kind kind() const { return m_kind; }
    /// @brief Appends a member (objects only); a key given twice is written twice, so don't.
    JsonNode &insert(const QString &key, const JsonNode &value);
    /// @brief Appends an item (arrays only).
    JsonNode &append(const JsonNode &item);
    bool isEmpty() const { return m_items.isEmpty() && m_members.isEmpty(); }

    /// @brief `JSON.stringify(value)`: no whitespace at all.
    QByteArray compact() const;
    /// @brief `JSON.stringify(value, null, step)` with every line after the first prefixed by
    /// @p indent, so that the text can be placed at that indentation inside a bigger document.
    QByteArray pretty(const QByteArray &indent = {}, const QByteArray &step = "  ") const;

    /// @brief A JSON string literal as `JSON.stringify` writes it (quotes included): `"` and `\`
    /// escaped, `\b \f \n \r \t`, other control characters and lone surrogates as `\u00xx`.
    static QByteArray quote(const QString &text);
    /// @brief A number as JavaScript prints it (integers without a fraction or exponent).
    static QByteArray numberText(double value);

private:
    Kind m_kind = Kind::Object;
    QString m_string;
    double m_number = 0;
    bool m_bool = false;
    QList<JsonNode> m_items;
    QList<std::pair<QString, JsonNode>> m_members;
};

} // namespace teamai::mcp
