#include "cli/Console.h"

#include "util/PosixFile.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace teamai::cli::console {

bool isInteractive()
{
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

void lineBufferStdout()
{
    std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
}

void prepareRawStdio()
{
    std::signal(SIGPIPE, SIG_IGN);  // a client that hung up is a write error, not a crash
}

long long readStdin(char *buffer, unsigned size)
{
    return ::read(STDIN_FILENO, buffer, size);
}

bool writeAllStdout(const QByteArray &bytes)
{
    return posixfile::writeAll(STDOUT_FILENO, bytes) == 0;
}

} // namespace teamai::cli::console
