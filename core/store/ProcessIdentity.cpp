#include "store/ProcessIdentity.h"

#include "store/ProcessIdentity_platform.h"

#include <QCoreApplication>
#include <QMutex>

namespace teamai {

using processidentity::isZombie;
using processidentity::pidExists;
using processidentity::startTimeOf;

ProcessIdentity ProcessIdentity::current()
{
    // A process's start time never changes: read once (a claim per command used to read
    // /proc/self/stat each time), again only in a forked child, whose pid differs.
    static QMutex mutex;
    static ProcessIdentity known;
    const qint64 pid = QCoreApplication::applicationPid();
    const QMutexLocker lock(&mutex);
    if (known.pid != pid || known.startTime.isEmpty())
        known = {pid, startTimeOf(pid)};
    return known;
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
