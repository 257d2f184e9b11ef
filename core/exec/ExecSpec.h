#pragma once

#include "exec/CancelHandle.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace teamai::exec {

/// @brief A fully resolved run: every field explicit, nothing inherited implicitly. Produced by
/// resolve(); the executor takes it as is (an empty environment means an empty environment).
struct ExecSpec {
    QString program;                          ///< absolute path
    QStringList arguments;
    QString workingDirectory;
    int timeoutMs = 120000;
    QProcessEnvironment environment;          ///< default-constructed = empty (Qt ≥ 6.3), not inherited
    std::optional<QByteArray> stdinBytes;
    QString owner;
    CancelHandle cancel;
    qint64 memoryCapBytes = 8 * 1024 * 1024;
    QString spillDir;
    int killGraceMs = 2000;
    /// Called right after the child started, before any output is read (e.g. to persist a
    /// "running" marker with the pid). Runs on the thread that drives the child.
    std::function<void(qint64 pid)> onStarted;
    /// Optional observer of the output as it is read (one stream per call, the other empty), for
    /// showing a running command live. Runs on the thread that drives the child; must be quick
    /// and must not call back into the executor. The capture and the result are unaffected.
    std::function<void(QByteArrayView out, QByteArrayView err)> onOutput;
};

} // namespace teamai::exec
