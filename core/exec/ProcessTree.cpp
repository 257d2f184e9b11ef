#include "exec/ProcessTree.h"

#include <QCoreApplication>
#include <QSet>

#include <atomic>

namespace teamai::exec {
namespace {
std::atomic<quint64> g_nextRunSerial{1};

qint64 selfPid()
{
    return QCoreApplication::applicationPid();
}
} // namespace

QString ProcessTree::markerName()
{
    return QStringLiteral("TEAMAI_EXEC_TREE");
}

QByteArray ProcessTree::agentMarkerPrefix()
{
    return QByteArray::number(selfPid()) + '.';
}

ProcessTree::ProcessTree()
    : m_markerValue(QString::fromLatin1(agentMarkerPrefix() + QByteArray::number(g_nextRunSerial++)))
{
    m_marker = markerName().toLatin1() + '=' + m_markerValue.toLatin1();
}

QString ProcessTree::markerValue() const
{
    return m_markerValue;
}

void ProcessTree::attach(qint64 leader)
{
    m_leader = leader;
    const ProcEntry entry = readProcEntry(leader);
    if (entry.pid == leader)
        m_known.insert(leader, entry.startTicks);
}

bool ProcessTree::isKnown(const ProcEntry &entry) const
{
    const auto it = m_known.constFind(entry.pid);
    return it != m_known.constEnd() && it.value() == entry.startTicks;
}

void ProcessTree::sweep(bool withEnvironment)
{
    if (m_leader <= 0)
        return;
    const qint64 self = selfPid();
    const QList<ProcEntry> table = readProcTable();
    QSet<qint64> members;
    for (const ProcEntry &entry : table) {
        if (entry.pid == self)
            continue;
        if (isKnown(entry) || entry.pgrp == m_leader
            || (withEnvironment && entry.state != 'Z' && processEnvironmentHas(entry.pid, m_marker)))
            members.insert(entry.pid);
    }
    // Descendants of members are members; repeat until nothing new (a chain of any depth).
    for (bool grew = true; grew;) {
        grew = false;
        for (const ProcEntry &entry : table) {
            if (entry.pid != self && !members.contains(entry.pid) && members.contains(entry.ppid)) {
                members.insert(entry.pid);
                grew = true;
            }
        }
    }
    for (const ProcEntry &entry : table) {
        if (members.contains(entry.pid))
            m_known.insert(entry.pid, entry.startTicks);
    }
}

void ProcessTree::track()
{
    sweep(false);
}

bool ProcessTree::anyKnownLeft()
{
    const qint64 self = selfPid();
    bool left = false;
    for (auto it = m_known.begin(); it != m_known.end();) {
        const ProcEntry entry = readProcEntry(it.key());
        const bool gone = entry.pid == 0 || entry.startTicks != it.value()
            || (entry.state == 'Z' && entry.ppid != self);  // its own parent will reap it
        if (gone) {
            it = m_known.erase(it);
            continue;
        }
        left = left || it.key() != m_leader || entry.state != 'Z';
        ++it;
    }
    return left;
}

bool ProcessTree::reapAndCheckEmpty()
{
    reapZombies();
    if (anyKnownLeft())
        return false;
    // Everything we knew of is gone: one full look for late forks and strays carrying the marker.
    sweep(true);
    reapZombies();
    return !anyKnownLeft();
}

} // namespace teamai::exec
