#pragma once

#include <QtGlobal>

namespace teamai::exec {

/// @brief SIGTERM, SIGINT and SIGHUP for a headless agent (hook, worker, sync) that may be running
/// a pushed command: the command is stopped and its result recorded before the agent exits.
///
/// install() sets an async-signal-safe handler. While no Guard is alive, the handler restores
/// the default action and re-raises, so outside a command run the agent dies exactly as it did
/// without a handler. While a Guard is alive (a command is running, or its result is being
/// recorded and acked), the handler only stores the signal number and writes one byte to a
/// self-pipe; the executor notices within one poll (about 50 ms), forwards SIGTERM to the child's
/// group, waits up to the kill grace (2 s), SIGKILLs, reaps, and the caller records the result,
/// sees received() and stops taking new work. The process then exits with 128 + signal.
class TerminationSignals
{
public:
    /// @brief Installs the handler (once per process; later calls do nothing).
    static void install();
    /// @brief The first termination signal received while guarded, or 0.
    static int received();
    /// @brief Read end of the self-pipe (readable once a signal was received), or -1.
    static int notifierFd();

    /// @brief While one exists, a termination signal is recorded instead of ending the process.
    class Guard
    {
    public:
        Guard();
        ~Guard();
        Q_DISABLE_COPY(Guard)
    };
};

} // namespace teamai::exec
