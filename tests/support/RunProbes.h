#pragma once

// What a test can see of a command's run from outside the agent: the processes it left and the
// stdout the ledger recorded for it. Read-only; nothing here goes through the product's code.

#include <QByteArray>
#include <QString>

namespace teamai::test {

/// Live processes (not zombies) started for the runs of agent @p agentPid: every child the
/// executor starts, and all their descendants, carry TEAMAI_EXEC_TREE=<agent pid>.<run> in their
/// environment. Found by scanning /proc, wherever in the process tree they are.
int treeProcessesOf(qint64 agentPid);

/// The state letter of process @p pid from /proc/<pid>/stat ('R', 'S', 'Z'…), or 0 when the
/// pid is gone.
char processState(qint64 pid);

/// The stdout tail the ledger in @p stateDir recorded for command @p id (of @p agent when given),
/// read with SQLite directly and read-only.
QByteArray ledgerStdout(const QString &stateDir, qint64 id, const QString &agent = {});

} // namespace teamai::test
