#pragma once

#include <QDeadlineTimer>
#include <QString>
#include <QStringList>

#include <functional>

namespace teamai {

struct ToolInfo;

/// @brief What a command handler may know about the run it is part of.
struct CommandContext {
    const ToolInfo *tool = nullptr;  ///< the tool this sync is for
    QString cwd;                     ///< the hook's cwd (or the process's): fallback workspace
    QString event;                   ///< hook event, empty outside hook mode
    QStringList boundWorkspaces;     ///< config.json's workspace bindings: the only project folders besides cwd
    /// The foreground budget, when there is one: network work (downloads) must end before it.
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    /// Called with the pid of a child process as soon as it started (the ledger records it).
    std::function<void(qint64 pid)> onChildStarted;
};

} // namespace teamai
