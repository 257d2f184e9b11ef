#include "store/ProcessIdentity.h"

#include <QCoreApplication>
#include <QFile>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#endif
#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace teamai {
namespace {

#if defined(Q_OS_LINUX)
// Fields 3.. of /proc/<pid>/stat (state first). The command name (field 2) may hold spaces and
// parentheses, so count fields after its closing ')'. Empty when there is no such process.
QList<QByteArray> statFieldsOf(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return {};
    return line.mid(close + 2).split(' ');
}
#endif

// A zombie (state Z: exited, not reaped yet by its parent) or a dead task (X) runs nothing.
bool isZombie(qint64 pid)
{
#if defined(Q_OS_LINUX)
    const QList<QByteArray> fields = statFieldsOf(pid);
    return !fields.isEmpty() && (fields.at(0).startsWith('Z') || fields.at(0).startsWith('X'));
#else
    Q_UNUSED(pid);
    return false;
#endif
}

QString startTimeOf(qint64 pid)
{
#if defined(Q_OS_LINUX)
    // Field 22 is the start time in clock ticks since boot; field 22 is index 19 here.
    const QList<QByteArray> fields = statFieldsOf(pid);
    return fields.size() > 19 ? QString::fromLatin1(fields.at(19)) : QString();
#elif defined(Q_OS_WIN)
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, DWORD(pid));
    if (!process)
        return {};
    FILETIME created, exited, kernel, user;
    QString result;
    if (GetProcessTimes(process, &created, &exited, &kernel, &user))
        result = QString::number((quint64(created.dwHighDateTime) << 32) | created.dwLowDateTime);
    CloseHandle(process);
    return result;
#else
    Q_UNUSED(pid);
    return {};
#endif
}

bool pidExists(qint64 pid)
{
    if (pid <= 0)
        return false;
#if defined(Q_OS_UNIX)
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#elif defined(Q_OS_WIN)
    HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, DWORD(pid));
    if (!process)
        return false;
    const bool running = WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
    CloseHandle(process);
    return running;
#else
    return false;
#endif
}

} // namespace

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
