#include "sync/RunRecordOf.h"

namespace teamai {

RunRecord runRecordOf(const exec::ExecResult &result)
{
    RunRecord record;
    if (result.exitCode || result.signal)
        record.status = result.statusNumber();
    record.signal = result.signal;
    record.timedOut = result.timedOut;
    record.cancelled = result.cancelled;
    record.stdoutText = result.out.text;
    record.stderrText = result.err.text;
    record.stdoutSpill = result.out.spillPath;
    record.stderrSpill = result.err.spillPath;
    record.pid = result.pid;
    return record;
}

} // namespace teamai
