#pragma once

#include <atomic>

// What TerminationSignals.cpp shares with the platform's install() and its handler
// (TerminationSignals_posix.cpp, TerminationSignals_win.cpp).
namespace teamai::exec::termination {

extern std::atomic<int> g_received;  ///< the first signal received while guarded, or 0
extern std::atomic<int> g_guards;    ///< how many Guards are alive
extern int g_pipe[2];                ///< the self-pipe; -1 until installed

} // namespace teamai::exec::termination
