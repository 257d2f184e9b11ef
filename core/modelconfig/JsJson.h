#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace teamai::modelconfig {

/// @brief A JSON value that keeps object keys in the order JavaScript sees them.
///
/// The reference client records what it wrote as a hash of `JSON.stringify(value)`, so telling
/// our entries from the user's needs the exact text JavaScript would produce for a value read
/// from a file — which depends on key order. QJsonObject sorts its keys; this type does not:
/// parse() keeps the file's order (array-index keys such as "0" first, ascending, as JavaScript
/// objects do; a repeated key keeps its first place and its last value), and stringify() /
/// stringifyPretty() write what `JSON.stringify(v)` / `JSON.stringify(v, null, 2)` write. Editing
/// a file through it also leaves the user's keys where they were.
class JsValue
{
public:
    enum class Type { Undefined, Null, Bool, Number, String, Array, Object };

    JsValue() = default;  ///< undefined: what a missing key reads as
    JsValue(bool value);
    JsValue(double value);
    JsValue(int value) : JsValue(double(value)) {}
    JsValue(qint64 value) : JsValue(double(value)) {}
    JsValue(const QString &value);
    JsValue(const char *value) : JsValue(QString::fromUtf8(value)) {}
    static JsValue null();
    static JsValue array();
    static JsValue object();
    /// @brief An object of distinct @p keys with @p values, in JavaScript's order (array-index
    /// keys first, ascending, the rest as given). For the parser: linear-logarithmic, where
    /// insert() one by one would be quadratic on a file with very many keys.
    static JsValue objectFrom(std::vector<QString> keys, std::vector<JsValue> values);

    Type type() const { return m_type; }
    bool isUndefined() const { return m_type == Type::Undefined; }
    bool isNull() const { return m_type == Type::Null; }
    bool isString() const { return m_type == Type::String; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    QString toString() const { return m_type == Type::String ? m_string : QString(); }
    double toNumber() const { return m_type == Type::Number ? m_number : 0.0; }
    bool toBool() const { return m_type == Type::Bool && m_bool; }

    // Objects. value() of a missing key (or of a non-object) is undefined.
    const JsValue &value(const QString &key) const;
    /// @brief Sets @p key: an existing key keeps its place, a new one goes where JavaScript puts it.
    void insert(const QString &key, const JsValue &value);
    bool remove(const QString &key);
    bool contains(const QString &key) const { return indexOf(key) >= 0; }
    const std::vector<QString> &keys() const { return m_keys; }
    qsizetype size() const { return qsizetype(m_type == Type::Array ? m_items.size() : m_keys.size()); }

    // Arrays.
    const std::vector<JsValue> &items() const { return m_items; }
    void append(const JsValue &value) { m_items.push_back(value); }
    void setItems(std::vector<JsValue> items) { m_items = std::move(items); }

    bool operator==(const JsValue &other) const;
    bool operator!=(const JsValue &other) const { return !(*this == other); }

private:
    qsizetype indexOf(const QString &key) const;

    Type m_type = Type::Undefined;
    bool m_bool = false;
    double m_number = 0;
    QString m_string;
    std::vector<JsValue> m_items;   ///< array elements
    std::vector<QString> m_keys;    ///< object keys, in order
    std::vector<JsValue> m_values;  ///< object values, parallel to m_keys
};

/// @brief Result of parseJson().
struct JsParsed {
    bool ok = false;
    JsValue value;
    QString error;  ///< e.g. `unexpected character at offset 12`
};

/// @brief Parses @p utf8 as `JSON.parse` does (strict JSON, any value at the root). Invalid
/// UTF-8 reads as U+FFFD, as Node reads a file; a leading byte-order mark is skipped.
JsParsed parseJson(const QByteArray &utf8);

/// @brief `JSON.stringify(value)`: compact. Undefined members are left out (as JavaScript does).
QByteArray stringify(const JsValue &value);

/// @brief `JSON.stringify(value, null, 2)` plus a final newline: how the reference writes files.
QByteArray stringifyPretty(const JsValue &value);

/// @brief The reference client's record of a value it wrote: the first 16 hex digits of the
/// SHA-1 of `JSON.stringify(value)` (UTF-8). An undefined value has no hash (empty).
QString entryHash(const JsValue &value);

} // namespace teamai::modelconfig
