#include "ondemand/archive/LibArchiveReader_platform.h"

#include <archive.h>

namespace teamai::resources {

int openArchiveFile(archive *a, const QString &path, size_t blockSize)
{
    // The 8-bit API would mangle a user name outside the ANSI code page.
    return archive_read_open_filename_w(a, reinterpret_cast<const wchar_t *>(path.utf16()), blockSize);
}

} // namespace teamai::resources
