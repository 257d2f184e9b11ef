#pragma once

#include <QDeadlineTimer>
#include <QString>

namespace teamai {

struct ToolInfo;

/// @brief What a command handler may know about the run it is part of.
struct CommandContext {
    const ToolInfo *tool = nullptr;  ///< the tool this sync is for
    QString cwd;                     ///< the hook's cwd (or the process's): fallback workspace
    QString event;                   ///< hook event, empty outside hook mode
};

} // namespace teamai
