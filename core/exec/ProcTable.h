#pragma once

#include <QByteArray>
#include <QList>
#include <QtGlobal>

namespace teamai::exec {

/// @brief One line of the process table (Linux: /proc/<pid>/stat), enough to follow parent chains,
/// group membership and pid reuse. Internal to core/exec.
struct ProcEntry {
    qint64 pid = 0;
    qint64 ppid = 0;
    qint64 pgrp = 0;
    qint64 session = 0;
    char state = '?';        ///< 'Z' for a zombie
    quint64 startTicks = 0;  ///< start time since boot: tells a reused pid apart
};

/// @brief Reads the process table as it is now: every process /proc shows. Empty where there is
/// no /proc (the callers then fall back to process groups alone).
QList<ProcEntry> readProcTable();

/// @brief One entry, or pid 0 when the process is gone.
ProcEntry readProcEntry(qint64 pid);

/// @brief True when @p pid's environment holds exactly the entry @p keyValue ("NAME=value").
/// False when it is gone or not ours to read.
bool processEnvironmentHas(qint64 pid, const QByteArray &keyValue);

} // namespace teamai::exec
