#include "exec/ProcTable.h"

// Linux: the process table is /proc.

#include <QDir>
#include <QFile>

namespace teamai::exec {
namespace {

// "pid (comm) state ppid pgrp session ... starttime(22) ..."; comm may hold spaces and ')'.
ProcEntry parseStat(qint64 pid, const QByteArray &line)
{
    ProcEntry entry;
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0 || close + 2 >= line.size())
        return entry;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    if (fields.size() < 20)
        return entry;
    entry.pid = pid;
    entry.state = fields[0].isEmpty() ? '?' : fields[0].at(0);
    entry.ppid = fields[1].toLongLong();
    entry.pgrp = fields[2].toLongLong();
    entry.session = fields[3].toLongLong();
    entry.startTicks = fields[19].toULongLong();
    return entry;
}

} // namespace

ProcEntry readProcEntry(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !stat.open(QIODevice::ReadOnly))
        return {};
    return parseStat(pid, stat.readAll());
}

QList<ProcEntry> readProcTable()
{
    QList<ProcEntry> table;
    const QStringList names = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    table.reserve(names.size());
    for (const QString &name : names) {
        bool numeric = false;
        const qint64 pid = name.toLongLong(&numeric);
        if (!numeric)
            continue;
        const ProcEntry entry = readProcEntry(pid);
        if (entry.pid != 0)
            table.append(entry);
    }
    return table;
}

bool processEnvironmentHas(qint64 pid, const QByteArray &keyValue)
{
    QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
    if (keyValue.isEmpty() || !environ.open(QIODevice::ReadOnly))
        return false;
    // Entries are NUL-terminated; compare whole entries so "X=1" never matches "X=12".
    const QByteArray all = environ.readAll();
    for (qsizetype start = 0; start < all.size();) {
        qsizetype end = all.indexOf('\0', start);
        if (end < 0)
            end = all.size();
        if (QByteArrayView(all).sliced(start, end - start) == keyValue)
            return true;
        start = end + 1;
    }
    return false;
}

} // namespace teamai::exec
