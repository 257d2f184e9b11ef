// libFuzzer target for the name validators (resources/ResourceNames): isValidSlug, isValidVersion
// and the error texts. Whatever a validator accepts becomes one path component under a tool folder
// on every platform, so each accepted name is checked against properties stated here on their own
// (a second, independent reading of the rules, not a copy of the implementation):
//  1. not empty, at most kMaxNameLength units, well-formed UTF-16, lossless through UTF-8;
//  2. no `/` or `\`, no `..`, not absolute, no drive or stream `:`;
//  3. none of `<>"|?*`, no character below 0x20 or DEL, no leading/trailing space or trailing dot;
//  4. not a Windows device name (CON, PRN, AUX, NUL, COM/LPT + digit or superscript, CONIN$,
//     CONOUT$) in any ASCII case, with or without an extension or trailing spaces before it;
//  5. joined to a base folder it stays one level below it (QDir::cleanPath changes nothing);
// and for every input: the error texts echo at most kMaxEchoedNameLength characters plus `…`,
// without control characters. A violation traps (__builtin_trap), so libFuzzer keeps the input.
#include "resources/ResourceNames.h"

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

[[noreturn]] void fail(const char *what, const QString &input)
{
    std::fprintf(stderr, "property violated: %s\ninput (UTF-8): %s\n", what, input.toUtf8().constData());
    __builtin_trap();
}

char16_t asciiUpper(char16_t c)
{
    return (c >= u'a' && c <= u'z') ? char16_t(c - 32) : c;
}

// Independent device-name reading: the part before the first dot, trailing spaces dropped.
bool looksLikeDevice(const QString &name)
{
    std::u16string stem;
    for (const QChar c : name) {
        if (c == u'.')
            break;
        stem.push_back(asciiUpper(c.unicode()));
    }
    while (!stem.empty() && stem.back() == u' ')
        stem.pop_back();
    for (const char16_t *fixed : {u"CON", u"PRN", u"AUX", u"NUL", u"CONIN$", u"CONOUT$"}) {
        if (stem == fixed)
            return true;
    }
    if (stem.size() != 4 || (stem.compare(0, 3, u"COM") != 0 && stem.compare(0, 3, u"LPT") != 0))
        return false;
    const char16_t last = stem[3];
    return (last >= u'0' && last <= u'9') || last == 0xB9 || last == 0xB2 || last == 0xB3;
}

void checkAccepted(const QString &name)
{
    using namespace teamai::resources;
    if (name.isEmpty() || name.size() > kMaxNameLength)
        fail("accepted an empty or over-long name", name);
    if (QString::fromUtf8(name.toUtf8()) != name)
        fail("accepted a name that does not survive UTF-8", name);
    if (name.contains(u'/') || name.contains(u'\\') || name.contains(u':') || name.contains(QLatin1String("..")))
        fail("accepted a separator, `:` or `..`", name);
    if (QDir::isAbsolutePath(name) || name.startsWith(u'.') || name.startsWith(u'~'))
        fail("accepted an absolute, hidden or home-relative name", name);
    for (const QChar c : name) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F || QStringView(u"<>\"|?*").contains(c))
            fail("accepted a character Windows refuses", name);
    }
    if (name.front() == u' ' || name.back() == u' ' || name.back() == u'.' || name.trimmed() != name)
        fail("accepted a leading/trailing space or a trailing dot", name);
    if (looksLikeDevice(name))
        fail("accepted a Windows device name", name);
    const QString base = QStringLiteral("/base/skills");
    const QString joined = base + u'/' + name;
    if (QDir::cleanPath(joined) != joined || QFileInfo(joined).path() != base)
        fail("accepted a name that leaves its folder when joined", name);
}

void checkEcho(const QString &error, const QString &prefix, const QString &name)
{
    using namespace teamai::resources;
    if (!error.startsWith(prefix))
        fail("error text lost its wording", name);
    const QString echoed = error.mid(prefix.size());
    if (echoed.size() > kMaxEchoedNameLength + 1)
        fail("error text echoes too much", name);
    for (const QChar c : echoed) {
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7F && c.unicode() < 0xA0))
            fail("error text echoes a control character", name);
    }
    if (name.size() <= kMaxEchoedNameLength && QStringView(name).isValidUtf16() && !echoed.contains(QChar::ReplacementCharacter)
        && echoed != name)
        fail("a short printable name is not echoed as it is", name);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace teamai::resources;
    // First byte picks the decoding: UTF-8 (what arrives over the wire) or raw UTF-16, which
    // also reaches lone surrogates.
    QString input;
    if (size > 0 && (data[0] & 1)) {
        input = QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    } else if (size > 0) {
        input = QString(qsizetype((size - 1) / 2), Qt::Uninitialized);
        std::memcpy(input.data(), data + 1, size_t(input.size()) * sizeof(QChar)); // data may be unaligned
    }

    const bool slugOk = isValidSlug(input);
    const bool versionOk = isValidVersion(input);
    if (slugOk)
        checkAccepted(input);
    if (versionOk)
        checkAccepted(input);
    if (isWindowsDeviceName(input) != looksLikeDevice(input))
        fail("isWindowsDeviceName disagrees with the independent reading", input);
    checkEcho(invalidSlugError(input), QStringLiteral("Invalid resource slug: "), input);
    checkEcho(invalidVersionError(input), QStringLiteral("Invalid resource version: "), input);
    return 0;
}
