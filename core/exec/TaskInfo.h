#pragma once

#include "exec/ExecResult.h"

#include <QString>
#include <QtGlobal>

#include <optional>

namespace teamai::exec {

/// @brief Identifies a background task of one executor; never reused within its lifetime.
using TaskId = quint64;

/// @brief A snapshot of a background task.
struct TaskInfo {
    TaskId id = 0;
    QString owner;
    bool running = false;
    std::optional<ExecResult> result;  ///< set once the task finished
    qint64 pid = 0;
};

} // namespace teamai::exec
