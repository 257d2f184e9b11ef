#include "store/ProcessIdentity_platform.h"

#include <cerrno>
#include <csignal>

namespace teamai::processidentity {

bool pidExists(qint64 pid)
{
    if (pid <= 0)
        return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

} // namespace teamai::processidentity
