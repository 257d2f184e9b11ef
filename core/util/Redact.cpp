#include "util/Redact.h"

#include <QMutex>
#include <QStringList>

#include <array>
#include <atomic>
#include <string_view>

namespace teamai {
namespace {

// Three passes, each one left-to-right scan with no backtracking, so any length of text is
// redacted completely (a regex engine gives up on long keyword-dense text). Each pass keeps
// its key visible and replaces the value with ***; each applies to the previous pass's output.

constexpr QLatin1String kMask("***");

/// ASCII case folding, plus the two non-ASCII letters that fold to ASCII ones (ſ → s, K → k),
/// so "ſecret" is caught as a case-insensitive regex would.
char16_t fold(QChar c)
{
    const char16_t u = c.unicode();
    if (u >= u'A' && u <= u'Z')
        return char16_t(u + 32);
    if (u == 0x017F)
        return u's';
    if (u == 0x212A)
        return u'k';
    return u;
}

bool matchesAt(const QString &text, qsizetype at, std::string_view word)
{
    if (at < 0 || at + qsizetype(word.size()) > text.size())
        return false;
    for (size_t i = 0; i < word.size(); ++i) {
        if (fold(text.at(at + qsizetype(i))) != char16_t(word[i]))
            return false;
    }
    return true;
}

bool isSpace(QChar c)  // what a regex's \s means without Unicode properties
{
    const char16_t u = c.unicode();
    return u == u' ' || (u >= 9 && u <= 13);
}

bool isWordChar(QChar c)  // \w without Unicode properties
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'_';
}

/// A name's letters: [A-Za-z0-9_-], and case-insensitively also ſ and K.
bool isKeyChar(QChar c)
{
    return isWordChar(c) || c == u'-' || c.unicode() == 0x017F || c.unicode() == 0x212A;
}

bool endsValue(QChar c, bool ampersandToo)
{
    return isSpace(c) || c == u'"' || c == u'\'' || c == u',' || c == u';' || (ampersandToo && c == u'&');
}

qsizetype skipSpaces(const QString &text, qsizetype at)
{
    while (at < text.size() && isSpace(text.at(at)))
        ++at;
    return at;
}

qsizetype valueEnd(const QString &text, qsizetype at, bool ampersandToo)
{
    while (at < text.size() && !endsValue(text.at(at), ampersandToo)) {
        // JSON inside a JSON string (a command's `cmd`): `\"` closes the value.
        if (text.at(at) == u'\\' && at + 1 < text.size() && text.at(at + 1) == u'"')
            break;
        ++at;
    }
    return at;
}

/// The end of a quoted value: its closing quote, or the end of the text; spaces and separators
/// inside are part of the value (`"password": "a b"` must not leave "b"). A value opened by `\"`
/// (JSON inside a JSON string) closes at the next `\"`; one opened by `"` at the next `"` that no
/// backslash escapes.
qsizetype quotedValueEnd(const QString &text, qsizetype at, bool openedByEscapedQuote)
{
    for (; at < text.size(); ++at) {
        const bool backslash = text.at(at) == u'\\';
        if (openedByEscapedQuote) {
            if (backslash && at + 1 < text.size() && text.at(at + 1) == u'"')
                return at;
        } else if (backslash) {
            ++at;  // the escaped character belongs to the value
        } else if (text.at(at) == u'"') {
            return at;
        }
    }
    return text.size();
}

/// Skips a quote, or an escaped one (`\"`), at @p at.
qsizetype skipQuote(const QString &text, qsizetype at)
{
    if (at + 1 < text.size() && text.at(at) == u'\\' && text.at(at + 1) == u'"')
        return at + 2;
    if (at < text.size() && text.at(at) == u'"')
        return at + 1;
    return at;
}

/// A found value: [start, end) is replaced by the mask; the scan goes on at end.
struct Span {
    qsizetype start = -1;
    qsizetype end = -1;
};

/// Runs @p find at each position left to right; every span it returns is masked.
template<typename Find>
QString maskEach(const QString &text, Find find)
{
    QString out;
    qsizetype copied = 0;
    qsizetype at = 0;
    while (at < text.size()) {
        const auto [next, span] = find(text, at);
        if (span.start < 0) {
            at = next;
            continue;
        }
        out += QStringView(text).mid(copied, span.start - copied);
        out += kMask;
        copied = at = span.end;
    }
    if (copied == 0)
        return text;
    out += QStringView(text).mid(copied);
    return out;
}

struct Step {
    qsizetype next;  ///< where to look next when nothing was found
    Span span;
};

/// `Bearer <value>`: "Bearer" at a word start, whitespace, a value.
Step findBearer(const QString &text, qsizetype at)
{
    if ((at > 0 && isWordChar(text.at(at - 1))) || !matchesAt(text, at, "bearer"))
        return {at + 1, {}};
    const qsizetype valueStart = skipSpaces(text, at + 6);
    if (valueStart == at + 6)
        return {at + 1, {}};
    const qsizetype end = valueEnd(text, valueStart, false);
    return end > valueStart ? Step{end, {valueStart, end}} : Step{at + 1, {}};
}

/// `--token <value>`, `--password=<value>`, also --api-token and --secret.
Step findFlag(const QString &text, qsizetype at)
{
    if (!matchesAt(text, at, "--"))
        return {at + 1, {}};
    for (const std::string_view name : {"token", "api-token", "password", "secret"}) {
        const qsizetype afterName = at + 2 + qsizetype(name.size());
        if (!matchesAt(text, at + 2, name) || afterName >= text.size())
            continue;
        const qsizetype valueStart = text.at(afterName) == u'=' ? afterName + 1 : skipSpaces(text, afterName);
        if (valueStart == afterName)
            continue;
        const qsizetype end = valueEnd(text, valueStart, false);
        if (end > valueStart)
            return {end, {valueStart, end}};
    }
    return {at + 1, {}};
}

bool keyHasSecretWord(const QString &text, qsizetype start, qsizetype end)
{
    static constexpr std::array<std::string_view, 4> words{"token", "secret", "password", "passwd"};
    for (qsizetype i = start; i < end; ++i) {
        for (const std::string_view word : words) {
            if (i + qsizetype(word.size()) <= end && matchesAt(text, i, word))
                return true;
        }
        // api key, api_key, api-key
        if (i + 6 <= end && matchesAt(text, i, "api")) {
            const qsizetype k = (text.at(i + 3) == u'_' || text.at(i + 3) == u'-') ? i + 4 : i + 3;
            if (k + 3 <= end && matchesAt(text, k, "key"))
                return true;
        }
    }
    return false;
}

/// `name=value`, `name: value`, `"name": "value"` (a quoted value up to its closing quote) where
/// the name (a run of letters, digits, `_` and `-`) contains token, secret, password, passwd or
/// api key.
Step findPair(const QString &text, qsizetype at)
{
    if (!isKeyChar(text.at(at)))
        return {at + 1, {}};
    qsizetype keyEnd = at;
    while (keyEnd < text.size() && isKeyChar(text.at(keyEnd)))
        ++keyEnd;
    if (!keyHasSecretWord(text, at, keyEnd))
        return {keyEnd, {}};
    qsizetype i = skipSpaces(text, skipQuote(text, keyEnd));
    if (i >= text.size() || (text.at(i) != u'=' && text.at(i) != u':'))
        return {keyEnd, {}};
    const qsizetype valueOrQuote = skipSpaces(text, i + 1);
    i = skipQuote(text, valueOrQuote);
    const qsizetype end = i == valueOrQuote ? valueEnd(text, i, true) : quotedValueEnd(text, i, i - valueOrQuote == 2);
    return end > i ? Step{end, {i, end}} : Step{keyEnd, {}};
}

std::atomic<bool> g_anyRegistered{false};

QMutex &registeredMutex()
{
    static QMutex mutex;
    return mutex;
}

QStringList &registeredValues()
{
    static QStringList values;
    return values;
}

QString maskRegistered(const QString &text)
{
    if (!g_anyRegistered.load(std::memory_order_acquire))
        return text;
    const QMutexLocker locker(&registeredMutex());
    QString out = text;
    for (const QString &value : registeredValues())
        out.replace(value, kMask);
    return out;
}

} // namespace

void addSecretValue(const QString &value)
{
    if (value.size() < kMinSecretValueChars)
        return;
    const QMutexLocker locker(&registeredMutex());
    if (!registeredValues().contains(value))
        registeredValues().append(value);
    g_anyRegistered.store(true, std::memory_order_release);
}

QString redactSecrets(const QString &text)
{
    QString out = maskRegistered(text);
    out = maskEach(out, findBearer);
    out = maskEach(out, findFlag);
    return maskEach(out, findPair);
}

bool isCredentialName(const QString &name)
{
    for (const char *word : {"KEY", "SECRET", "TOKEN", "PASSWORD"}) {
        if (name.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace teamai
