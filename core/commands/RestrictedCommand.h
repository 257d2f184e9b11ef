#pragma once

#include <QString>
#include <QStringList>

namespace teamai {

/// @brief A pushed `cmd` string checked against SPEC §5: tokenized by the hand-written tokenizer
/// and allowed only when its first token is exactly `teamai`. The result is the argument list for
/// our own binary, or the reason (in the reference client's wording) it was refused.
struct RestrictedCommand {
    QStringList arguments;  ///< tokens after `teamai`, to pass to our own binary
    QString rejection;      ///< non-empty when refused; the ack error

    bool allowed() const { return rejection.isEmpty(); }

    static RestrictedCommand parse(const QString &cmd);
};

/// @brief Absolute path of our own `teamai` binary, next to the running executable (never PATH).
QString ownTeamaiExecutable();

} // namespace teamai
