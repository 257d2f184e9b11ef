#pragma once

#include <QString>
#include <QStringList>

namespace teamai::exec {

/// @brief A process that must outlive the one starting it: our own `teamai worker` or
/// `teamai reconcile-plugins`, handed work by a hook that has to return at once.
struct DetachedRequest {
    QString program;  ///< absolute path (never looked up on PATH)
    QStringList arguments;
    QString workingDirectory;
};

struct DetachedStarted {
    qint64 pid = 0;
    QString error;  ///< empty when it started
    bool ok() const { return error.isEmpty(); }
};

/// Starts `request` detached, without a shell, its standard streams on the null device. Unlike
/// Executor runs it has no timeout, process group or kill-on-exit: living on is the point.
DetachedStarted startDetached(const DetachedRequest &request);

} // namespace teamai::exec
