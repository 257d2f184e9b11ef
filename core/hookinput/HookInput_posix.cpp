#include "hookinput/HookInput.h"

#include <algorithm>
#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace teamai {

QByteArray HookInput::readStdin(qint64 maxBytes, int timeoutMs, QDeadlineTimer deadline)
{
    QByteArray data;
    if (isatty(STDIN_FILENO))
        return data;
    char buffer[16384];
    while (data.size() < maxBytes && !deadline.hasExpired()) {
        pollfd fd{STDIN_FILENO, POLLIN, 0};
        const qint64 left = deadline.remainingTime();
        const int wait = left < 0 ? timeoutMs : int(std::min<qint64>(timeoutMs, left));
        const int ready = poll(&fd, 1, wait);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            break;  // timeout or error: use what we have
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;  // EOF
        data.append(buffer, qsizetype(n));
    }
    if (data.size() > maxBytes)
        data.truncate(maxBytes);
    return data;
}

} // namespace teamai
