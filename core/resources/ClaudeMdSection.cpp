#include "resources/ClaudeMdSection.h"

namespace teamai::resources::claudemd {
namespace {

QByteArray trimTrailingNewlines(QByteArray text)
{
    while (!text.isEmpty() && (text.endsWith('\n') || text.endsWith('\r') || text.endsWith(' ') || text.endsWith('\t')))
        text.chop(1);
    return text;
}

QByteArray section(const QMap<QString, QByteArray> &blocks, const QByteArray &nl)
{
    QByteArray text = startMarker() + nl;
    bool first = true;
    for (auto it = blocks.begin(); it != blocks.end(); ++it) {
        if (!first)
            text += nl;
        first = false;
        text += trimTrailingNewlines(it.value()) + nl;
    }
    return text + endMarker();
}

bool endsWithNewline(const QByteArray &text)
{
    return text.endsWith('\n');
}

} // namespace

QByteArray startMarker()
{
    return QByteArrayLiteral("<!-- [teamai:claudemd:start] -->");
}

QByteArray endMarker()
{
    return QByteArrayLiteral("<!-- [teamai:claudemd:end] -->");
}

bool containsMarker(const QByteArray &block)
{
    return block.contains(startMarker()) || block.contains(endMarker());
}

Merged merge(const QByteArray &original, const QMap<QString, QByteArray> &blocks)
{
    Merged result;
    // Follow the file's own line endings for the lines we add.
    const QByteArray nl = original.contains("\r\n") ? QByteArrayLiteral("\r\n") : QByteArrayLiteral("\n");
    const qsizetype start = original.indexOf(startMarker());
    if (start < 0) {
        result.ok = true;
        if (blocks.isEmpty()) {
            result.text = original;
            return result;
        }
        QByteArray text = original;
        if (!text.isEmpty())
            text += endsWithNewline(text) ? nl : nl + nl;
        result.text = text + section(blocks, nl) + nl;
        return result;
    }
    const qsizetype end = original.indexOf(endMarker(), start);
    if (end < 0) {
        result.error = QStringLiteral("the TeamAI start marker has no end marker; the file was left unchanged");
        return result;
    }
    QByteArray before = original.left(start);
    QByteArray after = original.mid(end + endMarker().size());
    result.ok = true;
    if (!blocks.isEmpty()) {
        result.text = before + section(blocks, nl) + after;
        return result;
    }
    // Undo what appending added: the newline after the end marker and the blank line before.
    if (after.startsWith("\r\n"))
        after.remove(0, 2);
    else if (after.startsWith('\n'))
        after.remove(0, 1);
    if (before.endsWith("\r\n\r\n"))
        before.chop(2);
    else if (before.endsWith("\n\n"))
        before.chop(1);
    result.text = before + after;
    return result;
}

} // namespace teamai::resources::claudemd
