#include "resources/ResourceNames.h"

#include <QDir>
#include <QStringView>

namespace teamai::resources {
namespace {

// By code point, so format characters outside the BMP (tag characters) are seen too.
bool isControlOrFormat(char32_t c)
{
    const QChar::Category category = QChar::category(c);
    return category == QChar::Other_Control || category == QChar::Other_Format;
}

bool isForbiddenCharacter(char32_t c)
{
    // `/` and `\` are separators; the rest are refused by Windows file systems.
    static constexpr QStringView forbidden = u"/\\<>:\"|?*";
    return (c < 0x80 && forbidden.contains(QChar(c))) || isControlOrFormat(c);
}

// Windows compares device names after dropping the extension and trailing spaces, in ASCII case.
QString deviceStem(const QString &name)
{
    QStringView stem = QStringView(name).left(name.indexOf(u'.') < 0 ? name.size() : name.indexOf(u'.'));
    while (!stem.isEmpty() && stem.back() == u' ')
        stem.chop(1);
    QString upper;
    upper.reserve(stem.size());
    for (const QChar c : stem)
        upper.append(c.unicode() < 0x80 ? c.toUpper() : c);
    return upper;
}

bool isValidName(const QString &name)
{
    if (name.isEmpty() || name.size() > kMaxNameLength || !QStringView(name).isValidUtf16())
        return false;
    if (name.trimmed() != name || name.endsWith(u'.') || name.startsWith(u'.') || name.startsWith(u'~'))
        return false;
    if (name.contains(QLatin1String("..")) || QDir::isAbsolutePath(name))
        return false;
    const QList<uint> codePoints = QStringView(name).toUcs4();
    for (const uint c : codePoints) {
        if (isForbiddenCharacter(c))
            return false;
    }
    return !isWindowsDeviceName(name);
}

} // namespace

bool isWindowsDeviceName(const QString &name)
{
    const QString stem = deviceStem(name);
    if (stem.size() == 3)
        return stem == QLatin1String("CON") || stem == QLatin1String("PRN") || stem == QLatin1String("AUX")
            || stem == QLatin1String("NUL");
    if (stem.size() == 4 && (stem.startsWith(QLatin1String("COM")) || stem.startsWith(QLatin1String("LPT")))) {
        const QChar digit = stem.back();
        return (digit >= u'0' && digit <= u'9') || digit == u'\u00B9' || digit == u'\u00B2' || digit == u'\u00B3';
    }
    return stem == QLatin1String("CONIN$") || stem == QLatin1String("CONOUT$");
}

bool isValidSlug(const QString &slug)
{
    return isValidName(slug);
}

bool isValidVersion(const QString &version)
{
    return isValidName(version);
}

QString echoedName(const QString &name)
{
    qsizetype length = qMin(name.size(), kMaxEchoedNameLength);
    if (length < name.size() && length > 0 && name.at(length - 1).isHighSurrogate())
        --length; // never cut a surrogate pair in half
    // toUcs4() already turns an unpaired surrogate into U+FFFD.
    QList<uint> codePoints = QStringView(name).left(length).toUcs4();
    for (uint &c : codePoints) {
        if (isControlOrFormat(c))
            c = QChar::ReplacementCharacter;
    }
    QString shown = QString::fromUcs4(reinterpret_cast<const char32_t *>(codePoints.constData()), codePoints.size());
    if (length < name.size())
        shown += u'\u2026';
    return shown;
}

QString invalidSlugError(const QString &slug)
{
    return QStringLiteral("Invalid resource slug: %1").arg(echoedName(slug));
}

QString invalidVersionError(const QString &version)
{
    return QStringLiteral("Invalid resource version: %1").arg(echoedName(version));
}

} // namespace teamai::resources
