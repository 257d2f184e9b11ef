#include "exec/ParentDeathWatch.h"

#include "exec/ProcessTree.h"
#include "log/Logging.h"

#include <QMutex>
#include <QMutexLocker>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef Q_OS_LINUX
#include <dirent.h>
#include <sys/prctl.h>
#endif

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0  // macOS: no such flag; SO_NOSIGPIPE is set on the socket instead
#endif

namespace teamai::exec {
namespace {

enum : qint32 { kAdd = 1, kRemove = 2 };
struct Record {
    qint32 op;
    qint32 pgid;
};
constexpr int kMaxGroups = 4096;

QMutex g_mutex;
int g_socket = -1;  // the agent's end; -1 until started

// Everything below until the next marker runs in the forked watcher: a copy of a multithreaded
// process, so only async-signal-safe calls, no allocation, no Qt, no locks.
char g_environ[256 * 1024];  // copied on write into the watcher; never touched by the agent
char g_prefix[64];           // "\0TEAMAI_EXEC_TREE=<agent pid>." prepared before fork
size_t g_prefixLength = 0;

bool environMatches(const char *pidName)
{
    char path[64] = "/proc/";
    size_t n = 6;
    for (const char *c = pidName; *c && n < sizeof path - 9; ++c)
        path[n++] = *c;
    std::memcpy(path + n, "/environ", 9);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    // Entry boundaries are NULs; a leading NUL lets the first entry match like the others.
    size_t used = 1;
    g_environ[0] = '\0';
    for (ssize_t got; used < sizeof g_environ && (got = ::read(fd, g_environ + used, sizeof g_environ - used)) > 0;)
        used += size_t(got);
    ::close(fd);
    for (size_t i = 0; i + g_prefixLength <= used; ++i) {
        if (std::memcmp(g_environ + i, g_prefix, g_prefixLength) == 0)
            return true;
    }
    return false;
}

// One pass over /proc: SIGKILL every process carrying this agent's marker. Returns how many.
int killMarkedProcesses()
{
    int killed = 0;
#ifdef Q_OS_LINUX
    const int dirFd = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return 0;
    alignas(dirent64) char buffer[8192];
    for (ssize_t n; (n = ::getdents64(dirFd, buffer, sizeof buffer)) > 0;) {
        for (ssize_t offset = 0; offset < n;) {
            const auto *entry = reinterpret_cast<const dirent64 *>(buffer + offset);
            offset += entry->d_reclen;
            pid_t pid = 0;
            bool numeric = entry->d_name[0] != '\0';
            for (const char *c = entry->d_name; *c && numeric; ++c) {
                numeric = *c >= '0' && *c <= '9';
                pid = pid * 10 + (*c - '0');
            }
            if (numeric && pid != ::getpid() && environMatches(entry->d_name) && ::kill(pid, SIGKILL) == 0)
                ++killed;
        }
    }
    ::close(dirFd);
#endif
    return killed;
}

void closeAllBut(int keep)
{
#if defined(Q_OS_LINUX) && defined(SYS_close_range)
    const bool below = keep == 0 || ::syscall(SYS_close_range, 0U, unsigned(keep - 1), 0U) == 0;
    if (below && ::syscall(SYS_close_range, unsigned(keep + 1), ~0U, 0U) == 0)
        return;
#endif
    for (int fd = 0; fd < 65536; ++fd) {
        if (fd != keep)
            ::close(fd);
    }
}

[[noreturn]] void watchUntilTheAgentDies(int socket)
{
    ::setsid();  // a signal to the agent's process group must not take the watcher with it
#ifdef Q_OS_LINUX
    ::prctl(PR_SET_NAME, "teamai-watch", 0, 0, 0);
#endif
    for (int sig = 1; sig < NSIG; ++sig)
        ::signal(sig, SIG_DFL);
    // Hold nothing of the agent's: a hook's stdout pipe must reach EOF when the hook exits.
    closeAllBut(socket);
    static pid_t groups[kMaxGroups];
    int count = 0;
    for (;;) {
        Record record {};
        const ssize_t got = ::read(socket, &record, sizeof record);
        if (got < 0 && errno == EINTR)
            continue;
        if (got != ssize_t(sizeof record))
            break;  // EOF: the agent is gone (a short read cannot happen below PIPE_BUF)
        if (record.op == kAdd && count < kMaxGroups) {
            groups[count++] = record.pgid;
        } else if (record.op == kRemove) {
            for (int i = 0; i < count; ++i) {
                if (groups[i] == record.pgid) {
                    groups[i] = groups[--count];
                    break;
                }
            }
        }
    }
    for (int i = 0; i < count; ++i)
        ::kill(-groups[i], SIGKILL);
    // Killed processes may have forked a moment before: look until a pass finds nothing.
    for (int pass = 0; pass < 20 && killMarkedProcesses() > 0; ++pass) {
        const timespec pause {0, 20 * 1000 * 1000};
        ::nanosleep(&pause, nullptr);
    }
    ::_exit(0);
}
// End of the code that runs in the watcher.

void send(qint32 op, qint64 pgid)
{
    QMutexLocker lock(&g_mutex);
    if (g_socket < 0 || pgid <= 0)
        return;
    const Record record {op, qint32(pgid)};
    // MSG_NOSIGNAL: a dead watcher must not kill the agent with SIGPIPE.
    if (::send(g_socket, &record, sizeof record, MSG_NOSIGNAL) != ssize_t(sizeof record))
        qCWarning(lcExec) << "the parent-death watcher is gone:" << strerror(errno);
}

} // namespace

bool ParentDeathWatch::ensureRunning()
{
    QMutexLocker lock(&g_mutex);
    if (g_socket >= 0)
        return true;
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) {
        qCWarning(lcExec) << "cannot start the parent-death watcher:" << strerror(errno);
        return false;
    }
    // Close-on-exec at once (SOCK_CLOEXEC is Linux-only): no child may hold the agent's end, or
    // the watcher would not see the agent die.
    ::fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    ::fcntl(ends[1], F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
    const int on = 1;
    ::setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    const QByteArray prefix = '\0' + ProcessTree::markerName().toLatin1() + '=' + ProcessTree::agentMarkerPrefix();
    g_prefixLength = size_t(qMin<qsizetype>(prefix.size(), sizeof g_prefix));
    std::memcpy(g_prefix, prefix.constData(), g_prefixLength);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(ends[0]);
        watchUntilTheAgentDies(ends[1]);
    }
    ::close(ends[1]);
    if (pid < 0) {
        qCWarning(lcExec) << "cannot start the parent-death watcher:" << strerror(errno);
        ::close(ends[0]);
        return false;
    }
    g_socket = ends[0];
    qCDebug(lcExec) << "parent-death watcher started, pid" << pid;
    return true;
}

void ParentDeathWatch::addGroup(qint64 pgid)
{
    send(kAdd, pgid);
}

void ParentDeathWatch::removeGroup(qint64 pgid)
{
    send(kRemove, pgid);
}

} // namespace teamai::exec
