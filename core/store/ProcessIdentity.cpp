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

QString startTimeOf(qint64 pid)
{
#if defined(Q_OS_LINUX)
    // Field 22 of /proc/<pid>/stat is the start time in clock ticks since boot. The command name
    // (field 2) may hold spaces and parentheses, so count fields after its closing ')'.
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return {};
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    // After ')' come fields 3.. ; field 22 is index 19 here.
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
    if (!pidExists(pid))
        return false;
    if (startTime.isEmpty())
        return true;  // cannot tell a reused pid apart here: assume it is still ours
    const QString now = startTimeOf(pid);
    return now.isEmpty() || now == startTime;
}

} // namespace teamai
