#pragma once

#include <QString>
#include <QStringList>

namespace teamai {

/// @brief A pushed `cmd` string checked against SPEC §5: tokenized by the hand-written tokenizer,
/// allowed only when its first token is exactly `teamai` and the rest is in the closed allowlist
/// (pushedallowlist::check). The result is the argument list for our own binary, or the reason it
/// was refused (the reference client's wording for the first-token checks).
struct RestrictedCommand {
    QStringList arguments;  ///< tokens after `teamai`, to pass to our own binary
    QString rejection;      ///< non-empty when refused; the ack error

    bool allowed() const { return rejection.isEmpty(); }

    static RestrictedCommand parse(const QString &cmd);
};

/// @brief Absolute path of our own `teamai` binary, next to the running executable (never PATH).
QString ownTeamaiExecutable();

} // namespace teamai
