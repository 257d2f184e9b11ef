#pragma once

#include <QString>
#include <QStringList>

namespace teamai {

/// @brief Result of splitting a pushed `cmd` string into arguments.
struct TokenizedCommand {
    enum class Error { None, Empty, UnterminatedQuote };
    QStringList tokens;
    Error error = Error::None;

    bool ok() const { return error == Error::None; }
};

/// @brief Splits @p cmd the way SPEC §5 defines, and nothing more: whitespace separates tokens,
/// single and double quotes group (the quotes themselves are dropped; adjacent quoted and bare
/// parts join into one token), and every other character — `; | & $ ( ) < > \` and backslash —
/// is ordinary text. There are no escapes, variables, globs or substitutions, so what a backend
/// sends can never become shell syntax. Hand-written on purpose: small enough to read in full.
TokenizedCommand tokenizeCommand(QStringView cmd);

} // namespace teamai
