#include "modelconfig/JsJson.h"

#include <QCryptographicHash>
#include <QLocale>

#include <cmath>

namespace teamai::modelconfig {
namespace {

/// ECMAScript Number::toString(10): the shortest digits that read back as @p x, laid out as
/// JavaScript lays them out (plain up to 21 integer digits, exponent form `1e+21`, `1e-7`).
QString numberText(double x)
{
    if (!std::isfinite(x))
        return QStringLiteral("null");  // what JSON.stringify writes for NaN and ±Infinity
    if (x == 0)
        return QStringLiteral("0");     // -0 too
    const QString sign = x < 0 ? QStringLiteral("-") : QString();
    // Qt's shortest round-trip form: "d.ddde+XX" (or "de+XX").
    const QString e = QString::number(std::fabs(x), 'e', QLocale::FloatingPointShortest);
    const qsizetype ePos = e.indexOf(u'e');
    QString digits = e.left(ePos);
    digits.remove(u'.');
    const int exponent = e.mid(ePos + 1).toInt();
    const int k = int(digits.size());
    const int n = exponent + 1;  // the decimal point goes after n digits
    if (k <= n && n <= 21)
        return sign + digits + QString(n - k, u'0');
    if (0 < n && n <= 21)
        return sign + digits.left(n) + u'.' + digits.mid(n);
    if (-6 < n && n <= 0)
        return sign + QStringLiteral("0.") + QString(-n, u'0') + digits;
    const QString mantissa = k == 1 ? digits : digits.left(1) + u'.' + digits.mid(1);
    return sign + mantissa + u'e' + (n - 1 >= 0 ? u'+' : u'-') + QString::number(std::abs(n - 1));
}

void appendHex4(QString &out, char16_t unit)
{
    out += QStringLiteral("\\u%1").arg(uint(unit), 4, 16, QLatin1Char('0'));
}

/// JSON.stringify's quoting: the short escapes, \u00xx for other control characters and for
/// lone surrogates (well-formed JSON.stringify), everything else as it is.
void appendQuoted(QString &out, const QString &s)
{
    out += u'"';
    for (qsizetype i = 0; i < s.size(); ++i) {
        const char16_t c = s.at(i).unicode();
        switch (c) {
        case u'"': out += QLatin1String("\\\""); continue;
        case u'\\': out += QLatin1String("\\\\"); continue;
        case u'\b': out += QLatin1String("\\b"); continue;
        case u'\f': out += QLatin1String("\\f"); continue;
        case u'\n': out += QLatin1String("\\n"); continue;
        case u'\r': out += QLatin1String("\\r"); continue;
        case u'\t': out += QLatin1String("\\t"); continue;
        default: break;
        }
        if (c < 0x20) {
            appendHex4(out, c);
        } else if (QChar::isHighSurrogate(c) && i + 1 < s.size() && QChar::isLowSurrogate(s.at(i + 1).unicode())) {
            out += s.at(i);
            out += s.at(++i);
        } else if (QChar::isSurrogate(c)) {
            appendHex4(out, c);
        } else {
            out += s.at(i);
        }
    }
    out += u'"';
}

class Writer
{
public:
    explicit Writer(bool pretty) : m_pretty(pretty) {}

    void write(const JsValue &v, int depth)
    {
        switch (v.type()) {
        case JsValue::Type::Undefined:  // only reachable inside arrays: JavaScript writes null
        case JsValue::Type::Null: m_out += QLatin1String("null"); return;
        case JsValue::Type::Bool: m_out += v.toBool() ? QLatin1String("true") : QLatin1String("false"); return;
        case JsValue::Type::Number: m_out += numberText(v.toNumber()); return;
        case JsValue::Type::String: appendQuoted(m_out, v.toString()); return;
        case JsValue::Type::Array: writeArray(v, depth); return;
        case JsValue::Type::Object: writeObject(v, depth); return;
        }
    }

    QString text() const { return m_out; }

private:
    void newline(int depth)
    {
        if (m_pretty) {
            m_out += u'\n';
            m_out += QString(depth * 2, u' ');
        }
    }

    void writeArray(const JsValue &v, int depth)
    {
        if (v.items().empty()) {
            m_out += QLatin1String("[]");
            return;
        }
        m_out += u'[';
        bool first = true;
        for (const JsValue &item : v.items()) {
            if (!first)
                m_out += u',';
            first = false;
            newline(depth + 1);
            write(item, depth + 1);
        }
        newline(depth);
        m_out += u']';
    }

    void writeObject(const JsValue &v, int depth)
    {
        bool first = true;
        m_out += u'{';
        for (const QString &key : v.keys()) {
            const JsValue &member = v.value(key);
            if (member.isUndefined())
                continue;
            if (!first)
                m_out += u',';
            first = false;
            newline(depth + 1);
            appendQuoted(m_out, key);
            m_out += m_pretty ? QLatin1String(": ") : QLatin1String(":");
            write(member, depth + 1);
        }
        if (!first)
            newline(depth);
        m_out += u'}';
    }

    bool m_pretty;
    QString m_out;
};

} // namespace

QByteArray stringify(const JsValue &value)
{
    if (value.isUndefined())
        return {};
    Writer writer(false);
    writer.write(value, 0);
    return writer.text().toUtf8();
}

QByteArray stringifyPretty(const JsValue &value)
{
    Writer writer(true);
    writer.write(value, 0);
    return writer.text().toUtf8() + '\n';
}

QString entryHash(const JsValue &value)
{
    if (value.isUndefined())
        return {};
    const QByteArray digest = QCryptographicHash::hash(stringify(value), QCryptographicHash::Sha1).toHex();
    return QString::fromLatin1(digest.left(16));
}

} // namespace teamai::modelconfig
