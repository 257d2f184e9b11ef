#include "ondemand/archive/LibArchiveReader_platform.h"

#include <QFile>

#include <archive.h>

namespace teamai::resources {

int openArchiveFile(archive *a, const QString &path, size_t blockSize)
{
    return archive_read_open_filename(a, QFile::encodeName(path).constData(), blockSize);
}

} // namespace teamai::resources
