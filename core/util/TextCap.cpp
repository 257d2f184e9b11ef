#include "util/TextCap.h"

#include <algorithm>

namespace teamai::textcap {
namespace {

qsizetype utf8Length(QChar c)
{
    const char16_t u = c.unicode();
    if (u < 0x80)
        return 1;
    if (u < 0x800)
        return 2;
    if (QChar::isHighSurrogate(u))
        return 4;  // the pair; its low half then counts 0
    if (QChar::isLowSurrogate(u))
        return 0;
    return 3;
}

// How many leading QChars fit in maxBytes of UTF-8, never splitting a surrogate pair.
qsizetype charsFitting(const QString &text, qsizetype maxBytes)
{
    qsizetype bytes = 0;
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype step = QChar::isHighSurrogate(text.at(i).unicode()) && i + 1 < text.size() ? 2 : 1;
        const qsizetype size = utf8Length(text.at(i));
        if (bytes + size > maxBytes)
            break;
        bytes += size;
        i += step;
    }
    return i;
}

} // namespace

QString capUtf8(const QString &text, qsizetype maxBytes)
{
    if (text.size() * 3 <= maxBytes || text.toUtf8().size() <= maxBytes)
        return text;
    const QString marker = QStringLiteral("… [cut: %1 bytes in all]").arg(text.toUtf8().size());
    const qsizetype room = std::max<qsizetype>(0, maxBytes - marker.toUtf8().size());
    return text.left(charsFitting(text, room)) + marker;
}

QString capToken(const QString &token, qsizetype maxChars)
{
    if (token.size() <= maxChars)
        return token;
    qsizetype keep = maxChars - 1;
    if (keep > 0 && QChar::isHighSurrogate(token.at(keep - 1).unicode()))
        --keep;
    return token.left(keep) + QChar(0x2026);
}

} // namespace teamai::textcap
