#include "exec/ProcessTree.h"

#include <QCoreApplication>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace teamai::exec {

int ProcessTree::signalStragglers(int sig)
{
    sweep(true);
    int signalled = 0;
    for (auto it = m_known.constBegin(); it != m_known.constEnd(); ++it) {
        const ProcEntry entry = readProcEntry(it.key());
        if (entry.pid == 0 || entry.startTicks != it.value() || entry.state == 'Z' || entry.pgrp == m_leader)
            continue;
        if (::kill(pid_t(entry.pid), sig) == 0)
            ++signalled;
    }
    return signalled;
}

int ProcessTree::terminateStragglers()
{
    return signalStragglers(SIGTERM);
}

int ProcessTree::killStragglers()
{
    return signalStragglers(SIGKILL);
}

void ProcessTree::reapZombies()
{
    const qint64 self = QCoreApplication::applicationPid();
    for (auto it = m_known.constBegin(); it != m_known.constEnd(); ++it) {
        if (it.key() == m_leader)
            continue;
        const ProcEntry entry = readProcEntry(it.key());
        if (entry.pid != 0 && entry.startTicks == it.value() && entry.state == 'Z' && entry.ppid == self)
            ::waitpid(pid_t(entry.pid), nullptr, WNOHANG);
    }
}

} // namespace teamai::exec
