#include "exec/TerminationSignals.h"

#include <QtGlobal>

#include <atomic>

#ifndef Q_OS_WIN
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace teamai::exec {
namespace {
std::atomic<int> g_received{0};
std::atomic<int> g_guards{0};
std::atomic<bool> g_installed{false};
int g_pipe[2] = {-1, -1};
static_assert(std::atomic<int>::is_always_lock_free, "the handler needs lock-free atomics");

#ifndef Q_OS_WIN
constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP};

// Async-signal-safe only: atomics, write(), signal(), raise().
void onTerminationSignal(int sig)
{
    if (g_guards.load() == 0) {
        ::signal(sig, SIG_DFL);
        ::raise(sig);
        return;
    }
    int expected = 0;
    g_received.compare_exchange_strong(expected, sig);
    const int savedErrno = errno;
    const char byte = char(sig);
    [[maybe_unused]] const ssize_t ignored = ::write(g_pipe[1], &byte, 1);
    errno = savedErrno;
}
#endif
} // namespace

void TerminationSignals::install()
{
#ifndef Q_OS_WIN
    if (g_installed.exchange(true))
        return;
    if (::pipe(g_pipe) == 0) {
        for (int fd : g_pipe) {
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);  // a full pipe never blocks the handler
        }
    } else {
        g_pipe[0] = g_pipe[1] = -1;
    }
    struct sigaction action {};
    action.sa_handler = &onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int sig : kSignals)
        ::sigaction(sig, &action, nullptr);
#endif
}

int TerminationSignals::received()
{
    return g_received.load();
}

int TerminationSignals::notifierFd()
{
    return g_pipe[0];
}

TerminationSignals::Guard::Guard()
{
    ++g_guards;
}

TerminationSignals::Guard::~Guard()
{
    --g_guards;
}

} // namespace teamai::exec
