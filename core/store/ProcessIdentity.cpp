#include "store/ProcessIdentity.h"

#include "store/ProcessIdentity_platform.h"

#include <QCoreApplication>

namespace teamai {

using processidentity::isZombie;
using processidentity::pidExists;
using processidentity::startTimeOf;

ProcessIdentity ProcessIdentity::current()
{
    const qint64 pid = QCoreApplication::applicationPid();
    return {pid, startTimeOf(pid)};
}

ProcessIdentity ProcessIdentity::of(qint64 pid)
{
    return {pid, startTimeOf(pid)};
}

bool ProcessIdentity::isAlive() const
{
    // Judged by state, not by the pid existing: a runner that crashed but was not reaped yet is
    // dead, so its claim is recovered as interrupted instead of being waited on forever.
    if (!pidExists(pid) || isZombie(pid))
        return false;
    if (startTime.isEmpty())
        return true;  // cannot tell a reused pid apart here: assume it is still ours
    const QString now = startTimeOf(pid);
    return now.isEmpty() || now == startTime;
}

} // namespace teamai
