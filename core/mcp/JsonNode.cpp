#include "mcp/JsonNode.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace teamai::mcp {

JsonNode JsonNode::string(const QString &value)
{
    JsonNode node;
    node.m_kind = Kind::String;
    node.m_string = value;
    return node;
}

JsonNode JsonNode::number(double value)
{
    JsonNode node;
    node.m_kind = Kind::Number;
    node.m_number = value;
    return node;
}

JsonNode JsonNode::boolean(bool value)
{
    JsonNode node;
    node.m_kind = Kind::Bool;
    node.m_bool = value;
    return node;
}

JsonNode JsonNode::array(const QList<JsonNode> &items)
{
    JsonNode node;
    node.m_kind = Kind::Array;
    node.m_items = items;
    return node;
}

JsonNode JsonNode::stringArray(const QStringList &items)
{
    JsonNode node = array();
    for (const QString &item : items)
        node.append(string(item));
    return node;
}

JsonNode JsonNode::object()
{
    return JsonNode();
}

JsonNode JsonNode::null()
{
    JsonNode node;
    node.m_kind = Kind::Null;
    return node;
}

JsonNode JsonNode::from(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool: return boolean(value.toBool());
    case QJsonValue::Double: return number(value.toDouble());
    case QJsonValue::String: return string(value.toString());
    case QJsonValue::Array: {
        JsonNode node = array();
        for (const QJsonValue &item : value.toArray())
            node.append(from(item));
        return node;
    }
    case QJsonValue::Object: {
        JsonNode node = object();
        const QJsonObject members = value.toObject();
        for (auto it = members.begin(); it != members.end(); ++it)
            node.insert(it.key(), from(it.value()));
        return node;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return null();
}

JsonNode &JsonNode::insert(const QString &key, const JsonNode &value)
{
    m_members.append({key, value});
    return *this;
}

JsonNode &JsonNode::append(const JsonNode &item)
{
    m_items.append(item);
    return *this;
}

QByteArray JsonNode::quote(const QString &text)
{
    QByteArray out;
    out.reserve(text.size() + 2);
    out += '"';
    static const char hex[] = "0123456789abcdef";
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        const bool high = QChar::isHighSurrogate(c) && i + 1 < text.size() && QChar::isLowSurrogate(text.at(i + 1).unicode());
        if (high) {
            out += text.mid(i, 2).toUtf8();
            ++i;
            continue;
        }
        switch (c) {
        case u'"': out += "\\\""; continue;
        case u'\\': out += "\\\\"; continue;
        case u'\b': out += "\\b"; continue;
        case u'\f': out += "\\f"; continue;
        case u'\n': out += "\\n"; continue;
        case u'\r': out += "\\r"; continue;
        case u'\t': out += "\\t"; continue;
        default: break;
        }
        // Control characters and unpaired surrogates (well-formed JSON.stringify) as \uXXXX.
        if (c < 0x20 || QChar::isSurrogate(c)) {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += hex[(c >> shift) & 0xF];
            continue;
        }
        out += QString(QChar(c)).toUtf8();
    }
    out += '"';
    return out;
}

QByteArray JsonNode::numberText(double value)
{
    if (!std::isfinite(value))
        return "null";  // what JSON.stringify writes for NaN and Infinity
    if (std::floor(value) == value && std::fabs(value) < 1e21)
        return QByteArray::number(static_cast<qint64>(value));
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray JsonNode::compact() const
{
    switch (m_kind) {
    case Kind::Null: return "null";
    case Kind::String: return quote(m_string);
    case Kind::Number: return numberText(m_number);
    case Kind::Bool: return m_bool ? "true" : "false";
    case Kind::Array: {
        QByteArray out = "[";
        for (qsizetype i = 0; i < m_items.size(); ++i)
            out += (i ? "," : "") + m_items.at(i).compact();
        return out + ']';
    }
    case Kind::Object: {
        QByteArray out = "{";
        for (qsizetype i = 0; i < m_members.size(); ++i)
            out += (i ? "," : "") + quote(m_members.at(i).first) + ':' + m_members.at(i).second.compact();
        return out + '}';
    }
    }
    return {};
}

QByteArray JsonNode::pretty(const QByteArray &indent, const QByteArray &step) const
{
    if ((m_kind != Kind::Array && m_kind != Kind::Object) || isEmpty())
        return compact();
    const QByteArray inner = indent + step;
    QByteArray out = m_kind == Kind::Array ? "[\n" : "{\n";
    const qsizetype count = m_kind == Kind::Array ? m_items.size() : m_members.size();
    for (qsizetype i = 0; i < count; ++i) {
        out += inner;
        if (m_kind == Kind::Array)
            out += m_items.at(i).pretty(inner, step);
        else
            out += quote(m_members.at(i).first) + ": " + m_members.at(i).second.pretty(inner, step);
        out += i + 1 < count ? ",\n" : "\n";
    }
    return out + indent + (m_kind == Kind::Array ? ']' : '}');
}

} // namespace teamai::mcp
