#include "modelconfig/JsJson.h"

#include <QHash>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace teamai::modelconfig {
namespace {

constexpr int kMaxDepth = 512;  // a deeper file is refused rather than risking the stack

/// The number JSON text @p token (already checked against the grammar) stands for, independent
/// of the C locale; out of range gives what JavaScript gives (±Infinity, or ±0).
double toDouble(const QByteArray &token)
{
    const char *first = token.constData();
    const char *last = first + token.size();
    double value = 0;
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec == std::errc::result_out_of_range) {
        const bool negative = token.startsWith('-');
        const qsizetype e = std::max(token.indexOf('e'), token.indexOf('E'));
        const bool tiny = e >= 0 && token.at(e + 1) == '-';
        value = tiny ? 0.0 : HUGE_VAL;
        return negative ? -value : value;
    }
    return value;
}

/// Recursive-descent reader of RFC 8259 JSON over UTF-16 text, as strict as JSON.parse.
class Reader
{
public:
    explicit Reader(const QString &text) : m_text(text) {}

    JsParsed run()
    {
        JsParsed result;
        skipSpace();
        if (!readValue(result.value, 0))
            return fail();
        skipSpace();
        if (m_at != m_text.size()) {
            m_error = QStringLiteral("unexpected text after the JSON value");
            return fail();
        }
        result.ok = true;
        return result;
    }

private:
    JsParsed fail() const
    {
        JsParsed result;
        result.error = QStringLiteral("%1 at offset %2").arg(m_error).arg(m_at);
        return result;
    }

    bool error(const QString &message)
    {
        m_error = message;
        return false;
    }

    /// Steps over @p c when it is next.
    bool take(char16_t c)
    {
        if (m_at >= m_text.size() || m_text.at(m_at) != c)
            return false;
        ++m_at;
        return true;
    }

    void skipSpace()
    {
        while (m_at < m_text.size()) {
            const char16_t c = m_text.at(m_at).unicode();
            if (c != u' ' && c != u'\t' && c != u'\n' && c != u'\r')
                return;
            ++m_at;
        }
    }

    bool literal(const char *word, JsValue value, JsValue &out)
    {
        const QLatin1String expected(word);
        if (QStringView(m_text).mid(m_at, expected.size()) != expected)
            return error(QStringLiteral("unexpected character"));
        m_at += expected.size();
        out = std::move(value);
        return true;
    }

    bool readValue(JsValue &out, int depth)
    {
        if (depth > kMaxDepth)
            return error(QStringLiteral("nested too deeply"));
        if (m_at >= m_text.size())
            return error(QStringLiteral("unexpected end of input"));
        const QChar c = m_text.at(m_at);
        if (c == u'{')
            return readObject(out, depth);
        if (c == u'[')
            return readArray(out, depth);
        if (c == u'"') {
            QString s;
            if (!readString(s))
                return false;
            out = JsValue(s);
            return true;
        }
        if (c == u't')
            return literal("true", JsValue(true), out);
        if (c == u'f')
            return literal("false", JsValue(false), out);
        if (c == u'n')
            return literal("null", JsValue::null(), out);
        return readNumber(out);
    }

    bool readObject(JsValue &out, int depth)
    {
        ++m_at;
        skipSpace();
        if (take(u'}')) {
            out = JsValue::object();
            return true;
        }
        std::vector<QString> keys;
        std::vector<JsValue> values;
        QHash<QString, size_t> seen;  // a repeated key keeps its first place and takes the last value
        for (;;) {
            skipSpace();
            QString key;
            if (m_at >= m_text.size() || m_text.at(m_at) != u'"')
                return error(QStringLiteral("expected a key"));
            if (!readString(key))
                return false;
            skipSpace();
            if (!take(u':'))
                return error(QStringLiteral("expected ':'"));
            skipSpace();
            JsValue member;
            if (!readValue(member, depth + 1))
                return false;
            if (const auto it = seen.constFind(key); it != seen.constEnd()) {
                values[*it] = std::move(member);
            } else {
                seen.insert(key, keys.size());
                keys.push_back(key);
                values.push_back(std::move(member));
            }
            skipSpace();
            if (take(u','))
                continue;
            if (take(u'}')) {
                out = JsValue::objectFrom(std::move(keys), std::move(values));
                return true;
            }
            return error(QStringLiteral("expected ',' or '}'"));
        }
    }

    bool readArray(JsValue &out, int depth)
    {
        out = JsValue::array();
        ++m_at;
        skipSpace();
        if (take(u']'))
            return true;
        for (;;) {
            skipSpace();
            JsValue item;
            if (!readValue(item, depth + 1))
                return false;
            out.append(item);
            skipSpace();
            if (take(u','))
                continue;
            if (take(u']'))
                return true;
            return error(QStringLiteral("expected ',' or ']'"));
        }
    }

    bool readHex4(char16_t *unit)
    {
        if (m_at + 4 > m_text.size())
            return error(QStringLiteral("bad \\u escape"));
        bool ok = false;
        const uint value = QStringView(m_text).mid(m_at, 4).toUInt(&ok, 16);
        for (qsizetype i = 0; i < 4; ++i) {
            const QChar h = m_text.at(m_at + i);
            if (!h.isDigit() && !(h >= u'a' && h <= u'f') && !(h >= u'A' && h <= u'F'))
                ok = false;
        }
        if (!ok)
            return error(QStringLiteral("bad \\u escape"));
        m_at += 4;
        *unit = char16_t(value);
        return true;
    }

    bool readEscape(QString &out)
    {
        if (m_at >= m_text.size())
            return error(QStringLiteral("unterminated string"));
        const char16_t c = m_text.at(m_at++).unicode();
        switch (c) {
        case u'"': out += u'"'; return true;
        case u'\\': out += u'\\'; return true;
        case u'/': out += u'/'; return true;
        case u'b': out += u'\b'; return true;
        case u'f': out += u'\f'; return true;
        case u'n': out += u'\n'; return true;
        case u'r': out += u'\r'; return true;
        case u't': out += u'\t'; return true;
        case u'u': {
            char16_t unit = 0;
            if (!readHex4(&unit))
                return false;
            out += QChar(unit);  // lone surrogates are kept, as JavaScript strings keep them
            return true;
        }
        default: return error(QStringLiteral("bad escape"));
        }
    }

    bool readString(QString &out)
    {
        ++m_at;  // the opening quote
        for (;;) {
            if (m_at >= m_text.size())
                return error(QStringLiteral("unterminated string"));
            const QChar c = m_text.at(m_at);
            if (c == u'"') {
                ++m_at;
                return true;
            }
            if (c.unicode() < 0x20)
                return error(QStringLiteral("control character in a string"));
            if (c == u'\\') {
                ++m_at;
                if (!readEscape(out))
                    return false;
                continue;
            }
            out += c;
            ++m_at;
        }
    }

    bool digits()
    {
        const qsizetype start = m_at;
        while (m_at < m_text.size() && m_text.at(m_at) >= u'0' && m_text.at(m_at) <= u'9')
            ++m_at;
        return m_at > start;
    }

    bool readNumber(JsValue &out)
    {
        const qsizetype start = m_at;
        take(u'-');
        if (!take(u'0') && !digits())
            return error(QStringLiteral("unexpected character"));
        if (take(u'.')) {
            if (!digits())
                return error(QStringLiteral("bad number"));
        }
        if (m_at < m_text.size() && (m_text.at(m_at) == u'e' || m_text.at(m_at) == u'E')) {
            ++m_at;
            if (m_at < m_text.size() && (m_text.at(m_at) == u'+' || m_text.at(m_at) == u'-'))
                ++m_at;
            if (!digits())
                return error(QStringLiteral("bad number"));
        }
        out = JsValue(toDouble(m_text.mid(start, m_at - start).toLatin1()));
        return true;
    }

    const QString &m_text;
    qsizetype m_at = 0;
    QString m_error;
};

} // namespace

JsParsed parseJson(const QByteArray &utf8)
{
    QString text = QString::fromUtf8(utf8);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    return Reader(text).run();
}

} // namespace teamai::modelconfig
