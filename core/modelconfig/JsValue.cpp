#include "modelconfig/JsJson.h"

#include <algorithm>

namespace teamai::modelconfig {
namespace {

/// JavaScript lists "array index" keys (canonical integers 0 … 2^32-2) first, ascending.
bool isArrayIndex(const QString &key, quint64 *index)
{
    if (key.isEmpty() || key.size() > 10 || (key.size() > 1 && key.at(0) == u'0'))
        return false;
    quint64 value = 0;
    for (const QChar c : key) {
        if (c < u'0' || c > u'9')
            return false;
        value = value * 10 + quint64(c.unicode() - u'0');
    }
    if (value > 4294967294ULL)
        return false;
    *index = value;
    return true;
}

} // namespace

JsValue::JsValue(bool value)
    : m_type(Type::Bool)
    , m_bool(value)
{
}

JsValue::JsValue(double value)
    : m_type(Type::Number)
    , m_number(value)
{
}

JsValue::JsValue(const QString &value)
    : m_type(Type::String)
    , m_string(value)
{
}

JsValue JsValue::null()
{
    JsValue v;
    v.m_type = Type::Null;
    return v;
}

JsValue JsValue::array()
{
    JsValue v;
    v.m_type = Type::Array;
    return v;
}

JsValue JsValue::object()
{
    JsValue v;
    v.m_type = Type::Object;
    return v;
}

JsValue JsValue::objectFrom(std::vector<QString> keys, std::vector<JsValue> values)
{
    std::vector<size_t> order(keys.size());
    std::vector<quint64> indexes(keys.size(), 0);
    std::vector<bool> isIndex(keys.size(), false);
    for (size_t i = 0; i < keys.size(); ++i) {
        order[i] = i;
        isIndex[i] = isArrayIndex(keys[i], &indexes[i]);
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (isIndex[a] != isIndex[b])
            return bool(isIndex[a]);
        return isIndex[a] && indexes[a] < indexes[b];
    });
    JsValue v = object();
    v.m_keys.reserve(keys.size());
    v.m_values.reserve(values.size());
    for (const size_t i : order) {
        v.m_keys.push_back(std::move(keys[i]));
        v.m_values.push_back(std::move(values[i]));
    }
    return v;
}

qsizetype JsValue::indexOf(const QString &key) const
{
    if (m_type != Type::Object)
        return -1;
    for (size_t i = 0; i < m_keys.size(); ++i) {
        if (m_keys[i] == key)
            return qsizetype(i);
    }
    return -1;
}

const JsValue &JsValue::value(const QString &key) const
{
    static const JsValue undefined;
    const qsizetype at = indexOf(key);
    return at < 0 ? undefined : m_values[size_t(at)];
}

void JsValue::insert(const QString &key, const JsValue &value)
{
    if (m_type != Type::Object)
        return;
    const qsizetype at = indexOf(key);
    if (at >= 0) {
        m_values[size_t(at)] = value;
        return;
    }
    quint64 index = 0;
    size_t position = m_keys.size();
    if (isArrayIndex(key, &index)) {
        position = 0;
        quint64 other = 0;
        while (position < m_keys.size() && isArrayIndex(m_keys[position], &other) && other < index)
            ++position;
    }
    m_keys.insert(m_keys.begin() + qsizetype(position), key);
    m_values.insert(m_values.begin() + qsizetype(position), value);
}

bool JsValue::remove(const QString &key)
{
    const qsizetype at = indexOf(key);
    if (at < 0)
        return false;
    m_keys.erase(m_keys.begin() + at);
    m_values.erase(m_values.begin() + at);
    return true;
}

bool JsValue::operator==(const JsValue &other) const
{
    if (m_type != other.m_type)
        return false;
    switch (m_type) {
    case Type::Undefined:
    case Type::Null: return true;
    case Type::Bool: return m_bool == other.m_bool;
    case Type::Number: return m_number == other.m_number;
    case Type::String: return m_string == other.m_string;
    case Type::Array: return m_items == other.m_items;
    case Type::Object: return m_keys == other.m_keys && m_values == other.m_values;
    }
    return false;
}

} // namespace teamai::modelconfig
