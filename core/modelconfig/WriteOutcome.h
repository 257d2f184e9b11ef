#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace teamai::modelconfig {

/// @brief How a variable of the agent process's environment is looked up (tests substitute one).
using EnvLookup = std::function<QString(const QString &name)>;

/// @brief What one tool's writer did.
struct WriteOutcome {
    bool ok = true;
    QString error;           ///< set when nothing could be done (the command is acked failed)
    QStringList notes;       ///< what was left alone because it is the user's: said in the ack
    QString detail;          ///< one line for logs and summaries (never a key)

    static WriteOutcome failure(const QString &error)
    {
        WriteOutcome outcome;
        outcome.ok = false;
        outcome.error = error;
        return outcome;
    }
};

} // namespace teamai::modelconfig
