#pragma once

#include "exec/ProcTable.h"

#include <QByteArray>
#include <QHash>
#include <QString>

namespace teamai::exec {

/// @brief Every process of one run, wherever it went: the child's process group, descendants
/// that left it (setsid(), a new session, a double fork) and re-parented to us (the agent is a
/// child subreaper), and any process still carrying this run's marker in its environment.
///
/// Membership, in order of strength: (1) pid seen earlier as a descendant (pid + start time, so a
/// reused pid is never taken for ours); (2) same process group as the leader; (3) the environment
/// entry TEAMAI_EXEC_TREE=<agent pid>.<run serial>, set by the executor in every child, which
/// descendants inherit (it survives setsid() and double forks, and tells concurrent runs of one
/// agent apart); (4) any descendant of a member. Linux only (/proc); elsewhere it is empty and
/// the process group alone counts. Internal to core/exec.
class ProcessTree
{
public:
    /// @brief Environment variable that marks a run's processes.
    static QString markerName();
    /// @brief "<agent pid>." — the start of every marker value of this agent.
    static QByteArray agentMarkerPrefix();

    ProcessTree();

    /// @brief The value to put into the child's environment under markerName().
    QString markerValue() const;
    /// @brief Records the started child, which leads the run's process group.
    void attach(qint64 leader);
    /// @brief While the run goes on: remembers the descendants that exist now (parent chains and
    /// group only; cheap enough for a few times a second).
    void track();
    /// @brief Finds every member now (with the environment marker) and sends SIGTERM to each
    /// that is not in the leader's group (the caller signals the group as a whole). Returns how many.
    int terminateStragglers();
    /// @brief The same with SIGKILL.
    int killStragglers();
    /// @brief Reaps members that died and were re-parented to us, and tells whether none is
    /// left. Never touches the leader itself: QProcess owns its exit status.
    bool reapAndCheckEmpty();

private:
    int signalStragglers(int sig);  // POSIX (ProcessTree_posix.cpp)
    void sweep(bool withEnvironment);
    bool isKnown(const ProcEntry &entry) const;
    void reapZombies();
    bool anyKnownLeft();

    QByteArray m_marker;  // "TEAMAI_EXEC_TREE=<pid>.<serial>"
    QString m_markerValue;
    qint64 m_leader = 0;
    QHash<qint64, quint64> m_known;  // pid → start ticks
};

} // namespace teamai::exec
