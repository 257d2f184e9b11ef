// libFuzzer target for teamai::tokenizeCommand() together with the restricted-command allowlist
// rule of SPEC §5 ("the first token must be exactly `teamai`"). Besides "never crashes" (ASan and
// UBSan are on), it checks properties that are cheap to state independently of the tokenizer:
//  1. success ⇔ non-empty token list; failure ⇔ empty list with Empty or UnterminatedQuote;
//  2. UnterminatedQuote exactly when a simple quote-state scan ends inside a quote;
//  3. input without quote characters splits exactly like QString::split on whitespace;
//  4. re-quoting the tokens canonically and tokenizing again gives the same tokens (so grouping
//     quotes never leak into tokens, and quoted/bare parts join as specified);
//  5. the allowlist (inline below) accepts exactly when the first token, re-derived from the
//     input by its own scan, is `teamai`, and never accepts `teamai` spelled any other way.
#include "commands/CommandTokenizer.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

[[noreturn]] void fail(const char *what, const QString &input)
{
    std::fprintf(stderr, "property violated: %s\ninput (UTF-8): %s\n", what, input.toUtf8().constData());
    std::abort();
}

bool isQuote(QChar c)
{
    return c == u'\'' || c == u'"';
}

// The allowlist rule, kept inline on purpose (the product's RestrictedCommand owns the real one).
bool allowlistAccepts(const teamai::TokenizedCommand &tokenized)
{
    return tokenized.ok() && tokenized.tokens.first() == QLatin1String("teamai");
}

// Independent scan: is the input left inside an open quote?
bool endsInsideQuote(QStringView input)
{
    QChar open;
    for (QChar c : input) {
        if (!open.isNull()) {
            if (c == open)
                open = QChar();
        } else if (isQuote(c)) {
            open = c;
        }
    }
    return !open.isNull();
}

// Independent scan of the first token's source text with grouping quotes removed, or a null
// string when the input has no token.
QString firstTokenByScan(QStringView input)
{
    qsizetype i = 0;
    while (i < input.size() && input[i].isSpace())
        ++i;
    if (i == input.size())
        return QString();
    QString token;
    QChar open;
    for (; i < input.size(); ++i) {
        const QChar c = input[i];
        if (open.isNull() && c.isSpace())
            break;
        if (open.isNull() && isQuote(c))
            open = c;
        else if (!open.isNull() && c == open)
            open = QChar();
        else
            token.append(c);
    }
    return token; // may be empty (from ''), which compares equal to an empty token
}

// Quotes a token so that the tokenizer must return it unchanged: runs without ' go in '…',
// each ' goes in "…"; an empty token is ''.
QString canonicalQuote(const QString &token)
{
    if (token.isEmpty())
        return QStringLiteral("''");
    QString out;
    QString run;
    for (QChar c : token) {
        if (c == u'\'') {
            if (!run.isEmpty()) {
                out += u'\'' + run + u'\'';
                run.clear();
            }
            out += QStringLiteral("\"'\"");
        } else {
            run.append(c);
        }
    }
    if (!run.isEmpty())
        out += u'\'' + run + u'\'';
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) {
        if (teamai::tokenizeCommand(QStringView()).error != teamai::TokenizedCommand::Error::Empty)
            fail("empty input must be Empty", QString());
        return 0;
    }
    // First byte picks the decoding: UTF-8 (what arrives over the wire) or raw UTF-16, which
    // also reaches lone surrogates and unusual space characters.
    QString input;
    if (data[0] & 1) {
        input = QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    } else {
        input = QString(qsizetype((size - 1) / 2), Qt::Uninitialized);
        std::memcpy(input.data(), data + 1, size_t(input.size()) * sizeof(QChar)); // data may be unaligned
    }

    const teamai::TokenizedCommand result = teamai::tokenizeCommand(input);

    // 1.
    if (result.ok() != !result.tokens.isEmpty())
        fail("ok() must be equivalent to a non-empty token list", input);
    if (!result.ok() && result.error != teamai::TokenizedCommand::Error::Empty
        && result.error != teamai::TokenizedCommand::Error::UnterminatedQuote)
        fail("unknown error", input);

    // 2.
    const bool unterminated = endsInsideQuote(input);
    if (unterminated != (result.error == teamai::TokenizedCommand::Error::UnterminatedQuote))
        fail("UnterminatedQuote disagrees with the quote-state scan", input);

    // 3.
    const bool hasQuotes = input.contains(u'\'') || input.contains(u'"');
    if (!hasQuotes) {
        QStringList expected;
        QString current;
        for (QChar c : input) {
            if (c.isSpace()) {
                if (!current.isEmpty())
                    expected.append(current);
                current.clear();
            } else {
                current.append(c);
            }
        }
        if (!current.isEmpty())
            expected.append(current);
        if (expected != result.tokens)
            fail("unquoted input must split on whitespace only", input);
        if (expected.isEmpty() && result.error != teamai::TokenizedCommand::Error::Empty)
            fail("blank input must be Empty", input);
    }

    qsizetype tokenChars = 0;
    for (const QString &token : result.tokens)
        tokenChars += token.size();
    if (tokenChars > input.size())
        fail("tokens hold more characters than the input", input);

    // 4.
    if (result.ok()) {
        QStringList quoted;
        for (const QString &token : result.tokens)
            quoted.append(canonicalQuote(token));
        const teamai::TokenizedCommand again = teamai::tokenizeCommand(quoted.join(u' '));
        if (!again.ok() || again.tokens != result.tokens)
            fail("re-quoted tokens do not tokenize back to themselves", input);
    }

    // 5.
    const bool accepted = allowlistAccepts(result);
    if (result.ok() && accepted != (result.tokens.first() == QLatin1String("teamai")))
        fail("allowlist disagrees with the first token", input);
    if (!result.ok() && accepted)
        fail("allowlist accepted a rejected command", input);
    if (result.ok()) {
        const QString scanned = firstTokenByScan(input);
        if (scanned != result.tokens.first())
            fail("first token differs from the independent scan", input);
        if (accepted != (scanned == QLatin1String("teamai")))
            fail("allowlist decision differs from the scanned first token", input);
    }
    return 0;
}
