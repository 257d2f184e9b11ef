#include "store/ProcessIdentity_platform.h"

#include <windows.h>

namespace teamai::processidentity {

// Not built on the Linux CI machines: review by reading.
bool pidExists(qint64 pid)
{
    if (pid <= 0)
        return false;
    HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, DWORD(pid));
    if (!process)
        return false;
    const bool running = WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
    CloseHandle(process);
    return running;
}

bool isZombie(qint64)
{
    return false;
}

QString startTimeOf(qint64 pid)
{
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, DWORD(pid));
    if (!process)
        return {};
    FILETIME created, exited, kernel, user;
    QString result;
    if (GetProcessTimes(process, &created, &exited, &kernel, &user))
        result = QString::number((quint64(created.dwHighDateTime) << 32) | created.dwLowDateTime);
    CloseHandle(process);
    return result;
}

} // namespace teamai::processidentity
