#pragma once

#include "exec/CancelHandle.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace teamai::exec {

/// @brief What a caller asks to run. Anything left open is filled from the ExecPolicy by resolve().
struct ExecRequest {
    QString program;                          ///< absolute path to the executable; never looked up in PATH
    QStringList arguments;
    QString workingDirectory;                 ///< empty = the agent's current folder
    std::optional<int> timeoutMs;             ///< nullopt = policy default; always capped by the policy
    QMap<QString, QString> environment;       ///< additions; applied after the scrub, so they win
    std::optional<QByteArray> stdinBytes;     ///< nullopt = the child reads EOF at once
    QString owner;                            ///< opaque tag used to filter tasks; never interpreted
    CancelHandle cancel;
};

} // namespace teamai::exec
