#pragma once

#include "mcp/JsonNode.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace teamai::mcp {

/// @brief A JSON document with an object at the top, edited as text: a member at depth 1 or 2
/// is added, replaced or removed, and every other byte of the file stays as it was — the user's
/// key order, spacing, number spelling (a 20-digit number is not rounded) and the parts of a big
/// file like `~/.claude.json` that another program owns.
///
/// A new member follows the layout around it: the indentation and `": "` of its neighbours
/// (2 spaces, as `JSON.stringify(v, null, 2)` writes, when there are none), on one line when the
/// object is on one line. An added member goes last; a replaced one keeps its place. On a file
/// laid out as the reference client writes it, the result is byte for byte what it would write.
///
/// Use: `auto parsed = JsonText::parse(bytes); if (!parsed.doc) …parsed.error…;
///       parsed.doc->set({"mcpServers", "fs"}, entry); write(parsed.doc->bytes());`
class JsonText
{
public:
    struct Parsed;
    /// @brief Parses @p bytes, which must hold one JSON object; empty or blank input is `{}`
    /// (and bytes() then ends with a newline, as a file written from scratch does).
    static Parsed parse(const QByteArray &bytes);

    /// @brief The member names of the object @p path leads to (`{}` = the top level), in file
    /// order (a duplicated key once); nullopt when there is no object at @p path.
    std::optional<QStringList> keysAt(const QStringList &path) const;
    /// @brief The value at @p path (the last one of a duplicated key); undefined when absent.
    QJsonValue valueAt(const QStringList &path) const;
    /// @brief Sets the member at @p path (non-empty) to @p value, creating the objects on the way
    /// that are missing. False (nothing changed) when a value on the way is not an object.
    bool set(const QStringList &path, const JsonNode &value);
    /// @brief Removes the member at @p path (every copy of a duplicated key); false when absent.
    bool remove(const QStringList &path);

    const QByteArray &bytes() const { return m_text; }

private:
    explicit JsonText(QByteArray text) : m_text(std::move(text)) {}
    struct Member;
    struct Object;
    std::optional<Object> objectAt(const QStringList &path) const;
    QByteArray render(const JsonNode &value, const Object &parent, qsizetype memberKeyBegin) const;
    void insert(const Object &parent, const QString &key, const JsonNode &value);
    QByteArray step() const;
    QByteArray withLineBreaks(QByteArray text) const;

    QByteArray m_text;
};

struct JsonText::Parsed {
    std::optional<JsonText> doc;
    QString error;  ///< why the bytes are not a JSON object
};

} // namespace teamai::mcp
