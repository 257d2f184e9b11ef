#include "exec/TerminationSignals.h"

namespace teamai::exec {

// Windows sends no SIGTERM/SIGHUP to a console program: nothing to install, received() stays 0.
void TerminationSignals::install()
{
}

} // namespace teamai::exec
