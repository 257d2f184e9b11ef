#include "exec/ProcTable.h"

// macOS and Windows: no /proc to read. The callers fall back to process groups alone (ProcTable.h).
namespace teamai::exec {

ProcEntry readProcEntry(qint64)
{
    return {};
}

QList<ProcEntry> readProcTable()
{
    return {};
}

bool processEnvironmentHas(qint64, const QByteArray &)
{
    return false;
}

} // namespace teamai::exec
