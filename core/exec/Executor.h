#pragma once

#include "exec/ExecPolicy.h"
#include "exec/ExecRequest.h"
#include "exec/ExecResult.h"
#include "exec/ExecSpec.h"
#include "exec/FailureSummary.h"
#include "exec/OutputChunk.h"
#include "exec/Resolve.h"
#include "exec/TaskInfo.h"

#include <QList>
#include <QObject>

#include <optional>

namespace teamai::exec {

/// @brief The one place the product starts a process (SPEC §5). Blocking runs and background
/// tasks; tasks are listed, read and killed per owner, and the owner string is never interpreted.
class Executor : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~Executor() override;

    /// @brief Runs the child to completion and returns its result (blocking for the caller).
    virtual ExecResult run(const ExecSpec &spec) = 0;
    /// @brief Starts a background task on the executor's event loop; taskFinished() reports the end.
    virtual TaskId start(const ExecSpec &spec) = 0;
    virtual std::optional<TaskInfo> get(TaskId id) const = 0;
    /// @brief The tasks whose owner equals @p owner.
    virtual QList<TaskInfo> list(const QString &owner) const = 0;
    /// @brief Output since the previous read; nullopt for an unknown task or another owner's.
    virtual std::optional<OutputChunk> readOutput(TaskId id, const QString &owner) = 0;
    /// @brief Cancels a running task of @p owner; false when there is none.
    virtual bool kill(TaskId id, const QString &owner) = 0;
    /// @brief Forgets a finished task of @p owner (after its result was taken); false when there
    /// is none, or it still runs.
    virtual bool remove(TaskId id, const QString &owner) = 0;

signals:
    void taskFinished(teamai::exec::TaskId id);
};

} // namespace teamai::exec
