#include "agenthooks/DispatchHooks_platform.h"

namespace teamai::agenthooks::dispatch::platform {

QString quoteUnsafeProgram(const QString &path)
{
    // cmd.exe and PowerShell both take a double-quoted program path; `"` cannot occur in one.
    return u'"' + path + u'"';
}

} // namespace teamai::agenthooks::dispatch::platform
