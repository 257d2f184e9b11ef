#include "mcp/JsonText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace teamai::mcp {

struct JsonText::Member {
    QString key;
    qsizetype keyBegin = 0;
    qsizetype keyEnd = 0;
    qsizetype valueBegin = 0;
    qsizetype valueEnd = 0;
};

struct JsonText::Object {
    qsizetype open = 0;   ///< index of `{`
    qsizetype close = 0;  ///< index of `}`
    QList<Member> members;
    QByteArray closingIndent;  ///< indentation of the line the object starts on
};

namespace {

bool isWs(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype skipWs(const QByteArray &t, qsizetype i)
{
    while (i < t.size() && isWs(t.at(i)))
        ++i;
    return i;
}

/// @p i at `"`: the index after the closing quote, or -1.
qsizetype skipString(const QByteArray &t, qsizetype i)
{
    for (++i; i < t.size(); ++i) {
        if (t.at(i) == '\\')
            ++i;
        else if (t.at(i) == '"')
            return i + 1;
    }
    return -1;
}

/// @p i at the first byte of a value: the index after it, or -1. The document was validated by
/// QJsonDocument before, so this only has to find where things end.
qsizetype skipValue(const QByteArray &t, qsizetype i)
{
    if (i >= t.size())
        return -1;
    const char c = t.at(i);
    if (c == '"')
        return skipString(t, i);
    if (c == '{' || c == '[') {
        int depth = 0;
        for (; i < t.size(); ++i) {
            const char d = t.at(i);
            if (d == '"') {
                i = skipString(t, i);
                if (i < 0)
                    return -1;
                --i;
            } else if (d == '{' || d == '[') {
                ++depth;
            } else if ((d == '}' || d == ']') && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }
    while (i < t.size() && !isWs(t.at(i)) && t.at(i) != ',' && t.at(i) != '}' && t.at(i) != ']')
        ++i;
    return i;
}

QString decodeKey(const QByteArray &token)
{
    return QJsonDocument::fromJson("[" + token + "]").array().at(0).toString();
}

/// The spaces and tabs between the start of @p pos's line and @p pos; nullopt when something
/// else stands before it on that line.
std::optional<QByteArray> lineIndent(const QByteArray &t, qsizetype pos)
{
    qsizetype j = pos - 1;
    while (j >= 0 && (t.at(j) == ' ' || t.at(j) == '\t'))
        --j;
    if (j >= 0 && t.at(j) != '\n')
        return std::nullopt;
    return t.mid(j + 1, pos - j - 1);
}

} // namespace

JsonText::Parsed JsonText::parse(const QByteArray &bytes)
{
    Parsed parsed;
    if (bytes.trimmed().isEmpty()) {
        parsed.doc = JsonText(QByteArrayLiteral("{}\n"));
        return parsed;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        parsed.error = QStringLiteral("%1 at offset %2").arg(error.errorString()).arg(error.offset);
        return parsed;
    }
    if (!document.isObject()) {
        parsed.error = QStringLiteral("the top level is not an object");
        return parsed;
    }
    parsed.doc = JsonText(bytes);
    return parsed;
}

std::optional<JsonText::Object> JsonText::objectAt(const QStringList &path) const
{
    Object object;
    object.open = skipWs(m_text, 0);
    for (qsizetype depth = 0;; ++depth) {
        if (object.open >= m_text.size() || m_text.at(object.open) != '{')
            return std::nullopt;
        object.members.clear();
        qsizetype i = skipWs(m_text, object.open + 1);
        while (i < m_text.size() && m_text.at(i) == '"') {
            Member member;
            member.keyBegin = i;
            member.keyEnd = skipString(m_text, i);
            if (member.keyEnd < 0)
                return std::nullopt;
            member.key = decodeKey(m_text.mid(i, member.keyEnd - i));
            member.valueBegin = skipWs(m_text, skipWs(m_text, member.keyEnd) + 1);  // past `:`
            member.valueEnd = skipValue(m_text, member.valueBegin);
            if (member.valueEnd < 0)
                return std::nullopt;
            object.members.append(member);
            i = skipWs(m_text, member.valueEnd);
            if (i < m_text.size() && m_text.at(i) == ',')
                i = skipWs(m_text, i + 1);
        }
        if (i >= m_text.size() || m_text.at(i) != '}')
            return std::nullopt;
        object.close = i;
        if (depth == path.size())
            return object;
        const Member *holder = nullptr;
        for (const Member &member : object.members) {
            if (member.key == path.at(depth))
                holder = &member;  // the last copy wins, as in JSON.parse
        }
        if (!holder)
            return std::nullopt;
        object.closingIndent = lineIndent(m_text, holder->keyBegin).value_or(QByteArray());
        object.open = holder->valueBegin;
    }
}

std::optional<QStringList> JsonText::keysAt(const QStringList &path) const
{
    const std::optional<Object> object = objectAt(path);
    if (!object)
        return std::nullopt;
    QStringList keys;
    for (const Member &member : object->members) {
        if (!keys.contains(member.key))
            keys.append(member.key);
    }
    return keys;
}

QJsonValue JsonText::valueAt(const QStringList &path) const
{
    if (path.isEmpty())
        return QJsonDocument::fromJson(m_text).object();
    const std::optional<Object> parent = objectAt(path.mid(0, path.size() - 1));
    if (!parent)
        return QJsonValue(QJsonValue::Undefined);
    for (qsizetype i = parent->members.size() - 1; i >= 0; --i) {
        const Member &member = parent->members.at(i);
        if (member.key == path.last()) {
            const QByteArray value = m_text.mid(member.valueBegin, member.valueEnd - member.valueBegin);
            return QJsonDocument::fromJson("[" + value + "]").array().at(0);
        }
    }
    return QJsonValue(QJsonValue::Undefined);
}

QByteArray JsonText::step() const
{
    // The file's own indentation step: that of the top level's members, when it has some.
    const std::optional<Object> top = objectAt({});
    if (top && !top->members.isEmpty()) {
        const std::optional<QByteArray> indent = lineIndent(m_text, top->members.first().keyBegin);
        if (indent && !indent->isEmpty())
            return *indent;
    }
    return QByteArrayLiteral("  ");
}

QByteArray JsonText::render(const JsonNode &value, const Object &parent, qsizetype memberKeyBegin) const
{
    const qsizetype first = parent.members.isEmpty() ? parent.close : parent.members.first().keyBegin;
    const bool multiLine = parent.members.isEmpty() ? true : m_text.mid(parent.open, first - parent.open).contains('\n');
    if (!multiLine)
        return value.compact();
    QByteArray indent = parent.closingIndent + step();
    if (memberKeyBegin >= 0)
        indent = lineIndent(m_text, memberKeyBegin).value_or(indent);
    return withLineBreaks(value.pretty(indent, step()));
}

QByteArray JsonText::withLineBreaks(QByteArray text) const
{
    // A file with Windows line breaks gets them in what we add too.
    const qsizetype newline = m_text.indexOf('\n');
    if (newline > 0 && m_text.at(newline - 1) == '\r')
        text.replace("\n", "\r\n");
    return text;
}

void JsonText::insert(const Object &parent, const QString &key, const JsonNode &value)
{
    if (parent.members.isEmpty()) {
        const QByteArray indent = parent.closingIndent + step();
        const QByteArray member = JsonNode::quote(key) + ": " + value.pretty(indent, step());
        const QByteArray body = withLineBreaks('\n' + indent + member + '\n' + parent.closingIndent);
        m_text.replace(parent.open + 1, parent.close - parent.open - 1, body);
        return;
    }
    const Member &last = parent.members.last();
    // Lead-in and `:` spacing copied from the last member.
    const qsizetype before = parent.members.size() > 1 ? parent.members.at(parent.members.size() - 2).valueEnd : parent.open;
    QByteArray leadIn = m_text.mid(before, last.keyBegin - before);  // `{…` or `,…` up to the key
    leadIn = leadIn.mid(leadIn.indexOf(parent.members.size() > 1 ? ',' : '{') + 1);
    const QByteArray colon = m_text.mid(last.keyEnd, last.valueBegin - last.keyEnd);
    const QByteArray text = ',' + leadIn + JsonNode::quote(key) + colon + render(value, parent, last.keyBegin);
    m_text.insert(last.valueEnd, text);
}

bool JsonText::set(const QStringList &path, const JsonNode &value)
{
    const QStringList parentPath = path.mid(0, path.size() - 1);
    const std::optional<Object> parent = objectAt(parentPath);
    if (!parent) {
        const QJsonValue blocking = valueAt(parentPath);
        if (parentPath.isEmpty() || !(blocking.isUndefined() || blocking.isNull()))
            return false;  // the way is blocked by a value that is not an object (null counts as absent, as in JS `?? {}`)
        JsonNode wrapper = JsonNode::object();
        wrapper.insert(path.last(), value);
        return set(parentPath, wrapper);
    }
    qsizetype copies = 0;
    for (const Member &member : parent->members)
        copies += member.key == path.last() ? 1 : 0;
    if (copies > 1) {
        remove(path);  // one entry instead of several, added last
        return set(path, value);
    }
    for (const Member &member : parent->members) {
        if (member.key == path.last()) {
            const QByteArray rendered = render(value, *parent, member.keyBegin);
            m_text.replace(member.valueBegin, member.valueEnd - member.valueBegin, rendered);
            return true;
        }
    }
    insert(*parent, path.last(), value);
    return true;
}

bool JsonText::remove(const QStringList &path)
{
    bool removed = false;
    for (;;) {
        const std::optional<Object> parent = objectAt(path.mid(0, path.size() - 1));
        if (!parent)
            return removed;
        const QList<Member> &members = parent->members;
        qsizetype index = -1;
        for (qsizetype i = 0; i < members.size(); ++i) {
            if (members.at(i).key == path.last())
                index = i;
        }
        if (index < 0)
            return removed;
        if (members.size() == 1)
            m_text.remove(parent->open + 1, parent->close - parent->open - 1);  // `{}`, as JSON.stringify writes it
        else if (index > 0)
            m_text.remove(members.at(index - 1).valueEnd, members.at(index).valueEnd - members.at(index - 1).valueEnd);
        else
            m_text.remove(members.at(0).keyBegin, members.at(1).keyBegin - members.at(0).keyBegin);
        removed = true;
    }
}

} // namespace teamai::mcp
