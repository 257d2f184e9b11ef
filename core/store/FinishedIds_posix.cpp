#include "store/FinishedIds_platform.h"

#include "util/AtomicFile.h"
#include "util/FileLock.h"

#include <QFile>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace teamai::finishedids {

Status appendAll(const QString &path, const QList<Entry> &entries)
{
    if (entries.isEmpty())
        return {};
    // An exclusive lock on the file itself. A compaction replaces the file while holding it, and
    // FileLock then opens the new one: an append to the replaced inode would be lost.
    FileLock lock(path);
    if (const FileLock::Attempt locked = lock.acquire(FileLock::kWaitForever); !locked)
        return locked.status;
    const int fd = lock.descriptor();
    struct stat before {};
    if (::fstat(fd, &before) != 0)
        return Error{atomicfile::writeError(errno, path)};
    const QByteArray lines = detail::linesOf(entries);
    const ssize_t written = ::pwrite(fd, lines.constData(), size_t(lines.size()), before.st_size);
    int code = written == lines.size() ? 0 : (written < 0 ? errno : ENOSPC);
    if (code == 0 && ::fsync(fd) != 0)
        code = errno;
    if (code != 0 && written > 0 && ::ftruncate(fd, before.st_size) != 0) {
        // A partial line would glue onto the next one; left there, readAll() skips it (the
        // whole lines before it in a batch are read).
    }
    if (code != 0)
        return Error{atomicfile::writeError(code, path)};
    if (before.st_size + lines.size() > detail::kCompactAboveBytes) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            detail::compact(path, file.readAll());
    }
    return {};  // the lock goes with `lock`
}

} // namespace teamai::finishedids
