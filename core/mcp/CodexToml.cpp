#include "mcp/CodexToml.h"

#include "mcp/JsonNode.h"

#include <QList>
#include <QRegularExpression>

#include <optional>

namespace teamai::mcp::codextoml {
namespace {

const QString kTable = QStringLiteral("mcp_servers");

struct Line {
    qsizetype begin = 0;
    qsizetype end = 0;      ///< index of its `\n` (or of the end of the text)
    bool inString = false;  ///< it starts inside a multi-line string: never a header
};

/// Skips a one-line string starting at @p i (its quote); returns the index after it.
qsizetype skipQuoted(const QString &t, qsizetype i)
{
    const QChar quoteChar = t.at(i);
    for (++i; i < t.size() && t.at(i) != u'\n'; ++i) {
        if (quoteChar == u'"' && t.at(i) == u'\\')
            ++i;
        else if (t.at(i) == quoteChar)
            return i + 1;
    }
    return i;
}

/// The text's lines, each marked when it begins inside a `"""` or `'''` string; @p open, when
/// given, says whether the text ends inside one (it is then not valid TOML).
QList<Line> linesOf(const QString &t, bool *open = nullptr)
{
    QList<Line> lines;
    QString closing;  // the delimiter of the multi-line string we are in, if any
    Line line;
    for (qsizetype i = 0; i < t.size();) {
        if (t.at(i) == u'\n') {
            line.end = i;
            lines.append(line);
            line = Line{i + 1, i + 1, !closing.isEmpty()};
            ++i;
        } else if (!closing.isEmpty()) {
            if (closing == QLatin1String("\"\"\"") && t.at(i) == u'\\') {
                i += 2;
            } else if (QStringView(t).mid(i, 3) == closing) {
                i += 3;
                for (int extra = 0; extra < 2 && i < t.size() && t.at(i) == closing.at(0); ++extra)
                    ++i;  // up to two quotes right before the delimiter belong to the string
                closing.clear();
            } else {
                ++i;
            }
        } else if (t.at(i) == u'#') {
            while (i < t.size() && t.at(i) != u'\n')
                ++i;
        } else if (QStringView(t).mid(i, 3) == QLatin1String("\"\"\"") || QStringView(t).mid(i, 3) == QLatin1String("'''")) {
            closing = t.mid(i, 3);
            i += 3;
        } else if (t.at(i) == u'"' || t.at(i) == u'\'') {
            i = skipQuoted(t, i);
        } else {
            ++i;
        }
    }
    line.end = t.size();
    if (line.begin < t.size())
        lines.append(line);
    if (open)
        *open = !closing.isEmpty();
    return lines;
}

bool isBareChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_' || c == u'-';
}

void skipBlanks(QStringView s, qsizetype &i)
{
    while (i < s.size() && (s.at(i) == u' ' || s.at(i) == u'\t'))
        ++i;
}

/// One key of a dotted key at @p i: bare, "basic" or 'literal' (escapes kept: names we compare
/// against never contain any).
std::optional<QString> keyAt(QStringView s, qsizetype &i)
{
    if (i < s.size() && (s.at(i) == u'"' || s.at(i) == u'\'')) {
        const QChar quoteChar = s.at(i);
        const qsizetype start = ++i;
        while (i < s.size() && s.at(i) != quoteChar)
            i += (quoteChar == u'"' && s.at(i) == u'\\') ? 2 : 1;
        if (i >= s.size())
            return std::nullopt;
        return s.mid(start, i++ - start).toString();
    }
    const qsizetype start = i;
    while (i < s.size() && isBareChar(s.at(i)))
        ++i;
    if (i == start)
        return std::nullopt;
    return s.mid(start, i - start).toString();
}

/// A dotted key from @p i; stops before the first character that is not part of it.
std::optional<QStringList> dottedKeyAt(QStringView s, qsizetype &i)
{
    QStringList path;
    for (;;) {
        skipBlanks(s, i);
        const std::optional<QString> key = keyAt(s, i);
        if (!key)
            return std::nullopt;
        path.append(*key);
        skipBlanks(s, i);
        if (i >= s.size() || s.at(i) != u'.')
            return path;
        ++i;
    }
}

struct Header {
    bool array = false;
    QStringList path;
};

/// `[a.b]` or `[[a.b]]`, then only blanks or a comment; nullopt for anything else.
std::optional<Header> headerOf(QStringView s)
{
    qsizetype i = 0;
    skipBlanks(s, i);
    if (i >= s.size() || s.at(i) != u'[')
        return std::nullopt;
    Header header;
    header.array = i + 1 < s.size() && s.at(i + 1) == u'[';
    i += header.array ? 2 : 1;
    const std::optional<QStringList> path = dottedKeyAt(s, i);
    if (!path)
        return std::nullopt;
    for (int close = 0; close < (header.array ? 2 : 1); ++close, ++i) {
        if (i >= s.size() || s.at(i) != u']')
            return std::nullopt;
    }
    skipBlanks(s, i);
    if (i < s.size() && s.at(i) != u'#' && s.at(i) != u'\r')
        return std::nullopt;
    header.path = *path;
    return header;
}

/// The key of a `key = value` line; nullopt for other lines.
std::optional<QStringList> assignedKeyOf(QStringView s)
{
    qsizetype i = 0;
    const std::optional<QStringList> path = dottedKeyAt(s, i);
    if (!path || i >= s.size() || s.at(i) != u'=')
        return std::nullopt;
    return path;
}

bool inServerBlock(const Header &header, const QString &name)
{
    return !header.array && header.path.size() >= 2 && header.path.at(0) == kTable && header.path.at(1) == name;
}

struct Span {
    qsizetype begin = -1;
    qsizetype end = -1;
};

/// Where server @p name's block is: from its header line to the next header that is not one
/// of its sub-tables, or to the end.
Span blockOf(const QString &text, const QString &name)
{
    Span span;
    for (const Line &line : linesOf(text)) {
        if (line.inString)
            continue;
        const std::optional<Header> header = headerOf(QStringView(text).mid(line.begin, line.end - line.begin));
        if (!header)
            continue;
        if (span.begin < 0) {
            if (!header->array && header->path == QStringList{kTable, name})
                span.begin = line.begin;
        } else if (!inServerBlock(*header, name)) {
            span.end = line.begin;
            return span;
        }
    }
    if (span.begin >= 0)
        span.end = text.size();
    return span;
}

/// After a removal at @p at: no more than two line breaks in a row there.
void closeGap(QString &text, qsizetype at)
{
    qsizetype before = 0;
    while (at - before - 1 >= 0 && text.at(at - before - 1) == u'\n')
        ++before;
    qsizetype after = 0;
    while (at + after < text.size() && text.at(at + after) == u'\n')
        ++after;
    if (before + after > 2)
        text.remove(at - before, before + after - 2);
}

} // namespace

Scan scan(const QString &text)
{
    Scan result;
    QStringList table;  // the table the current line belongs to
    for (const Line &line : linesOf(text, &result.unterminatedString)) {
        if (line.inString)
            continue;
        const QStringView s = QStringView(text).mid(line.begin, line.end - line.begin);
        QStringList key;
        if (const std::optional<Header> header = headerOf(s)) {
            table = header->path;
            key = table;
        } else if (const std::optional<QStringList> assigned = assignedKeyOf(s)) {
            key = table + *assigned;
        }
        if (key.size() >= 2 && key.at(0) == kTable && !result.servers.contains(key.at(1)))
            result.servers.append(key.at(1));
        else if (key == QStringList{kTable} && table.isEmpty())
            result.inlineTable = true;
    }
    return result;
}

QString splice(const QString &text, const QString &name, const QString &block)
{
    QString out = text;
    const Span span = blockOf(text, name);
    if (span.begin >= 0) {
        if (block.isEmpty()) {
            out.remove(span.begin, span.end - span.begin);
            closeGap(out, span.begin);
        } else {
            out.replace(span.begin, span.end - span.begin, block + u'\n');
        }
        return out;
    }
    if (block.isEmpty())
        return out;
    const QString separator = out.isEmpty() || out.endsWith(QLatin1String("\n\n")) ? QString()
        : out.endsWith(u'\n')                                                    ? QStringLiteral("\n")
                                                                                 : QStringLiteral("\n\n");
    return out + separator + block;
}

bool isBareKey(const QString &name)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+\\z"));
    return bare.match(name).hasMatch();
}

QString quote(const QString &text)
{
    return QString::fromUtf8(JsonNode::quote(text)).replace(QChar(0x7F), QStringLiteral("\\u007f"));
}

} // namespace teamai::mcp::codextoml
