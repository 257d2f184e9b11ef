#include "exec/TerminationSignals.h"

#include "exec/TerminationSignals_platform.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace teamai::exec {
namespace {

using namespace termination;

std::atomic<bool> g_installed{false};
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

} // namespace

void TerminationSignals::install()
{
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
}

} // namespace teamai::exec
