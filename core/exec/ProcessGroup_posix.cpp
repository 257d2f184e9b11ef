#include "exec/ProcessGroup.h"

#include "exec/ParentDeathWatch.h"
#include "log/Logging.h"

#include <QDir>
#include <QFile>
#include <QProcess>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef Q_OS_LINUX
#include <dirent.h>
#include <sys/prctl.h>
#endif

namespace teamai::exec {
namespace {

void setCloexec(int fd) noexcept
{
    const int flags = ::fcntl(fd, F_GETFD);
    if (flags >= 0 && !(flags & FD_CLOEXEC))
        ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

// Runs in the forked child: async-signal-safe calls only (no malloc, no Qt). Descriptors are
// marked close-on-exec instead of closed, because QProcess reports exec failure through a
// CLOEXEC pipe that must stay open until execve().
void markInheritedDescriptorsCloexec() noexcept
{
#if defined(Q_OS_LINUX) && defined(SYS_close_range)
    constexpr unsigned kCloseRangeCloexec = 1U << 2; // CLOSE_RANGE_CLOEXEC, Linux 5.11
    if (::syscall(SYS_close_range, 3U, ~0U, kCloseRangeCloexec) == 0)
        return;
#endif
#ifdef Q_OS_LINUX
    const int dirFd = ::open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        alignas(dirent64) char buffer[4096];
        for (;;) {
            const ssize_t n = ::getdents64(dirFd, buffer, sizeof buffer);
            if (n <= 0)
                break;
            for (ssize_t offset = 0; offset < n;) {
                const auto *entry = reinterpret_cast<const dirent64 *>(buffer + offset);
                offset += entry->d_reclen;
                int fd = 0;
                bool numeric = entry->d_name[0] != '\0';
                for (const char *c = entry->d_name; *c; ++c) {
                    if (*c < '0' || *c > '9') {
                        numeric = false;
                        break;
                    }
                    fd = fd * 10 + (*c - '0');
                }
                if (numeric && fd >= 3 && fd != dirFd)
                    setCloexec(fd);
            }
        }
        ::close(dirFd);
        return;
    }
#endif
    long maxFd = ::sysconf(_SC_OPEN_MAX);
    if (maxFd < 0)
        maxFd = 1024;
    for (long fd = 3; fd < maxFd; ++fd)
        setCloexec(int(fd));
}

// The agent's pid, for the child to check that its parent did not die before PDEATHSIG was set.
pid_t g_agentPid = 0;

void childSetup() noexcept
{
    // Own session, hence own process group: kill(-pgid) reaches every descendant that did not
    // leave the group on purpose, and the agent's terminal signals do not reach the child.
    ::setsid();
#ifdef Q_OS_LINUX
    // The leader dies with the agent (even on SIGKILL of the agent); ParentDeathWatch takes the
    // rest of the tree. PDEATHSIG fires when the *forking thread* exits: the executor forks from
    // a thread that outlives the child (see LocalExecutor). If the agent died before prctl(),
    // we were re-parented already and the signal will never come: act as if it had.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (::getppid() != g_agentPid)
        ::raise(SIGKILL);
#endif
    markInheritedDescriptorsCloexec();
}

} // namespace

struct ProcessGroup::Platform {
    pid_t leader = 0;
    bool ownGroup = false; // false if setsid() failed in the child: signal the child alone
};

ProcessGroup::ProcessGroup()
    : d(std::make_unique<Platform>())
{
}

ProcessGroup::~ProcessGroup()
{
    if (d->ownGroup)
        ParentDeathWatch::removeGroup(d->leader);
}

void ProcessGroup::prepare(QProcess &process)
{
    g_agentPid = ::getpid();
    ParentDeathWatch::ensureRunning();
    process.setChildProcessModifier(&childSetup);
}

void ProcessGroup::attach(qint64 pid)
{
    d->leader = pid_t(pid);
    // The modifier ran before execve(), and attach() runs after QProcess saw the exec succeed.
    d->ownGroup = pid > 0 && ::getpgid(d->leader) == d->leader;
    if (d->ownGroup)
        ParentDeathWatch::addGroup(d->leader);
    if (pid > 0 && !d->ownGroup)
        qCWarning(lcExec) << "child" << pid << "is not leading its own process group; signalling it alone";
}

static void signalUnit(pid_t leader, bool ownGroup, int sig)
{
    if (leader <= 0)
        return;
    if (::kill(ownGroup ? -leader : leader, sig) != 0 && errno != ESRCH)
        qCWarning(lcExec) << "cannot signal process group" << leader << "with" << sig << ":" << strerror(errno);
}

bool ProcessGroup::terminate()
{
    signalUnit(d->leader, d->ownGroup, SIGTERM);
    return true;
}

void ProcessGroup::kill()
{
    signalUnit(d->leader, d->ownGroup, SIGKILL);
}

bool ProcessGroup::reapAndCheckEmpty()
{
    if (d->leader <= 0)
        return true;
    if (!d->ownGroup)
        return true; // nothing of ours to reap beyond the direct child, which QProcess owns
    // The direct child was reaped by QProcess already, so every waitable member of this group is
    // a grandchild that was re-parented to us (we are a subreaper).
    for (;;) {
        siginfo_t info {};
        if (::waitid(P_PGID, id_t(d->leader), &info, WEXITED | WNOHANG) != 0 || info.si_pid == 0)
            break;
    }
    // The kernel keeps a pgid alive while any member exists, so ESRCH means the group is gone.
    return ::kill(-d->leader, 0) != 0 && errno == ESRCH;
}

bool ProcessGroup::becomeSubreaper()
{
#ifdef Q_OS_LINUX
    static const bool enabled = [] {
        if (::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
            return true;
        qCWarning(lcExec) << "cannot become a child subreaper:" << strerror(errno);
        return false;
    }();
    return enabled;
#else
    return false;
#endif
}

ProcessGroup::OrphanScan ProcessGroup::reapAdoptedOrphans()
{
#ifdef Q_OS_LINUX
    // QProcess children of this process are either in our session (plain QProcess) or lead their
    // own session (ours, via setsid()). A child of ours that is neither was not forked by us: it
    // is an orphan that was re-parented to the subreaper, and nobody else will ever wait for it.
    const pid_t self = ::getpid();
    const pid_t ownSession = ::getsid(0);
    OrphanScan scan;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const pid_t pid = pid_t(entry.toInt(&numeric));
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        // "pid (comm) state ppid pgrp session ..."; comm may contain spaces and parentheses.
        const qsizetype close = line.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 4)
            continue;
        const char state = fields[0].isEmpty() ? '?' : fields[0].at(0);
        const pid_t ppid = pid_t(fields[1].toInt());
        const pid_t session = pid_t(fields[3].toInt());
        if (ppid != self || session == ownSession || session == pid)
            continue;
        if (state != 'Z')
            ++scan.stillAlive;
        else if (::waitpid(pid, nullptr, WNOHANG) == pid)
            ++scan.reaped;
    }
    return scan;
#else
    return {};
#endif
}

} // namespace teamai::exec
