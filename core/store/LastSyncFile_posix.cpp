#include "store/LastSyncFile_platform.h"

#include "util/FileLock.h"
#include "util/PosixFile.h"

#include <QJsonDocument>

#include <cerrno>
#include <unistd.h>

namespace teamai::lastsync::platform {

// Rewrites the file in place under an exclusive lock on the file itself; readers take a shared
// one, so they see the old record or the new one, never a mix. Cheaper by far than a temporary
// file and a rename, which on ext4 costs a new inode and a flush of the new file's data (the
// filesystem's guard for replace-by-rename): about 0.1 ms against 0.01 ms, on a path every hook
// takes.
Status writeRecord(const QString &path, const QByteArray &bytes)
{
    FileLock lock(path);
    if (const FileLock::Attempt locked = lock.acquire(FileLock::kWaitForever); !locked)
        return locked.status;
    const int fd = lock.descriptor();
    const bool ok = ::pwrite(fd, bytes.constData(), size_t(bytes.size()), 0) == bytes.size() && ::ftruncate(fd, bytes.size()) == 0;
    if (!ok)
        return Error{QStringLiteral("cannot write %1: %2").arg(path, posixfile::errorText(errno))};
    return {};  // the lock goes with `lock`
}

QJsonObject readRecord(const QString &path)
{
    FileLock lock(path, {.mode = FileLock::Mode::Shared, .create = false});
    if (!lock.acquire(FileLock::kWaitForever))
        return {};
    char buffer[4096];  // a record is a few hundred bytes; more is not ours
    const ssize_t n = ::read(lock.descriptor(), buffer, sizeof buffer);
    return n > 0 ? QJsonDocument::fromJson(QByteArray(buffer, n)).object() : QJsonObject();
}

} // namespace teamai::lastsync::platform
