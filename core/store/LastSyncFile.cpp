#include "store/LastSyncFile.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace teamai::lastsync {
namespace {

#ifdef Q_OS_UNIX
// Rewrites the file in place under an exclusive flock; readers take a shared one, so they see
// the old record or the new one, never a mix. Cheaper by far than a temporary file and a rename,
// which on ext4 costs a new inode and a flush of the new file's data (the filesystem's guard for
// replace-by-rename): about 0.1 ms against 0.01 ms, on a path every hook takes.
Status rewriteInPlace(const QString &path, const QByteArray &bytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return Error{QStringLiteral("cannot write %1: %2").arg(path, QString::fromLocal8Bit(::strerror(errno)))};
    const bool ok = ::flock(fd, LOCK_EX) == 0 && ::pwrite(fd, bytes.constData(), size_t(bytes.size()), 0) == bytes.size()
        && ::ftruncate(fd, bytes.size()) == 0;
    Status written;
    if (!ok)
        written = Error{QStringLiteral("cannot write %1: %2").arg(path, QString::fromLocal8Bit(::strerror(errno)))};
    ::close(fd);  // releases the lock
    return written;
}

QByteArray readLocked(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return {};
    QByteArray bytes;
    if (::flock(fd, LOCK_SH) == 0) {
        char buffer[4096];  // a record is a few hundred bytes; more is not ours
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0)
            bytes = QByteArray(buffer, n);
    }
    ::close(fd);
    return bytes;
}
#endif

} // namespace

QString defaultPath()
{
    return paths::agentStateDir() + QLatin1Char('/') + QLatin1String(kFileName);
}

Status save(const SyncRecord &record, const QString &path)
{
    const QJsonObject json{{QStringLiteral("time"), record.time.toUTC().toString(Qt::ISODateWithMs)},
                           {QStringLiteral("ok"), record.ok},
                           {QStringLiteral("message"), record.message.left(kMaxMessageLength)},
                           {QStringLiteral("tool"), record.tool}};
    const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact) + '\n';
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(path).absolutePath()); !folder)
        return folder;
#ifdef Q_OS_UNIX
    return rewriteInPlace(path, bytes);
#else
    return jsonfile::writeAtomically(path, bytes, jsonfile::kPrivateFile);
#endif
}

std::optional<SyncRecord> load(const QString &path)
{
#ifdef Q_OS_UNIX
    const QJsonObject json = QJsonDocument::fromJson(readLocked(path)).object();
#else
    const QJsonObject json = jsonfile::readObject(path).object;
#endif
    const QDateTime time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    return SyncRecord{time, json.value(QStringLiteral("ok")).toBool(), json.value(QStringLiteral("message")).toString(),
                      json.value(QStringLiteral("tool")).toString()};
}

} // namespace teamai::lastsync
