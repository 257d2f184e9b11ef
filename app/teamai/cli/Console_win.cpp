#include "cli/Console.h"

#include <cstdio>
#include <fcntl.h>
#include <io.h>

// Not built on the Linux CI machines: review by reading.
namespace teamai::cli::console {

bool isInteractive()
{
    return _isatty(_fileno(stdin)) && _isatty(_fileno(stdout));
}

void lineBufferStdout()
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);  // the Windows CRT treats _IOLBF as full buffering
}

void prepareRawStdio()
{
    ::_setmode(0, _O_BINARY);  // JSON lines, byte for byte: no CRLF translation
    ::_setmode(1, _O_BINARY);
}

long long readStdin(char *buffer, unsigned size)
{
    return ::_read(0, buffer, size);
}

bool writeAllStdout(const QByteArray &bytes)
{
    for (qsizetype done = 0; done < bytes.size();) {
        const int n = ::_write(1, bytes.constData() + done, unsigned(bytes.size() - done));
        if (n <= 0)
            return false;  // the CRT's _write is not interrupted by signals: no EINTR to retry
        done += n;
    }
    return true;
}

} // namespace teamai::cli::console
