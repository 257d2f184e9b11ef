#include "exec/ExecResult.h"

namespace teamai::exec {

int ExecResult::statusNumber() const
{
    if (exitCode)
        return *exitCode;
    if (signal)
        return 128 + *signal;
    return -1;
}

bool ExecResult::succeeded() const
{
    return startError.isEmpty() && exitCode == 0 && !timedOut && !cancelled;
}

} // namespace teamai::exec
