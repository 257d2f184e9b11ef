#include "exec/TerminationSignals.h"

#include "exec/TerminationSignals_platform.h"

namespace teamai::exec {

namespace termination {
std::atomic<int> g_received{0};
std::atomic<int> g_guards{0};
int g_pipe[2] = {-1, -1};
static_assert(std::atomic<int>::is_always_lock_free, "the handler needs lock-free atomics");
} // namespace termination

using namespace termination;

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
