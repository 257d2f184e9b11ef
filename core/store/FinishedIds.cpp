#include "store/FinishedIds.h"

#include "util/AtomicFile.h"
#include "util/JsonFile.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace teamai::finishedids {
namespace {

// ~40 bytes a line: compaction starts near 25,000 entries and keeps the newest 10,000. The
// backend re-sends an id only while it waits for its ack, never weeks later.
constexpr qint64 kCompactAboveBytes = 1024 * 1024;
constexpr qsizetype kKeepEntries = 10000;

QByteArray lineOf(const Entry &e)
{
    return QStringLiteral("%1 %2 %3 %4\n").arg(e.agent).arg(e.id).arg(e.state, e.type.isEmpty() ? QStringLiteral("-") : e.type).toUtf8();
}

QList<Entry> parse(const QByteArray &bytes)
{
    QList<Entry> entries;
    for (const QByteArray &line : bytes.split('\n')) {
        const QList<QByteArray> fields = line.trimmed().split(' ');
        if (fields.size() < 3)
            continue;  // a torn last line after a crash
        bool ok = false;
        const qint64 id = fields.at(1).toLongLong(&ok);
        if (!ok)
            continue;
        const QString type = fields.size() > 3 && fields.at(3) != "-" ? QString::fromUtf8(fields.at(3)) : QString();
        entries.append({QString::fromUtf8(fields.at(0)), id, QString::fromUtf8(fields.at(2)), type});
    }
    return entries;
}

void compact(const QString &path, const QByteArray &bytes)
{
    QList<Entry> entries = parse(bytes);
    QByteArray kept;
    for (qsizetype i = std::max<qsizetype>(0, entries.size() - kKeepEntries); i < entries.size(); ++i)
        kept += lineOf(entries.at(i));
    (void)atomicfile::write(path, kept, jsonfile::kPrivateFile);  // a failure leaves the longer file: harmless
}

} // namespace

QString pathFor(const QString &ledgerPath)
{
    return QFileInfo(ledgerPath).absolutePath() + QStringLiteral("/finished-ids");
}

#ifdef Q_OS_UNIX

namespace {

// Opens @p path for appending under an exclusive flock, reopening when a compaction replaced the
// file meanwhile (an append to the replaced inode would be lost). -1 with errno on failure.
int openLocked(const QByteArray &path)
{
    for (int attempt = 0; attempt < 5; ++attempt) {
        const int fd = ::open(path.constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
            return -1;
        struct stat opened {}, current {};
        if (::flock(fd, LOCK_EX) == 0 && ::fstat(fd, &opened) == 0 && ::stat(path.constData(), &current) == 0
            && opened.st_ino == current.st_ino)
            return fd;
        const int code = errno;
        ::close(fd);
        errno = code;
    }
    return -1;
}

} // namespace

Status append(const QString &path, const Entry &entry)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = openLocked(native);
    if (fd < 0)
        return Error{atomicfile::writeError(errno, path)};
    const QByteArray line = lineOf(entry);
    const ssize_t written = ::write(fd, line.constData(), size_t(line.size()));
    int code = written == line.size() ? 0 : (written < 0 ? errno : ENOSPC);
    if (code == 0 && ::fsync(fd) != 0)
        code = errno;
    if (code != 0 && written > 0) {
        // A partial line would glue onto the next one: cut it off again.
        struct stat st {};
        if (::fstat(fd, &st) == 0 && ::ftruncate(fd, st.st_size - written) != 0) {
            // nothing more to do: readAll() skips a line it cannot parse
        }
    }
    struct stat st {};
    if (code == 0 && ::fstat(fd, &st) == 0 && st.st_size > kCompactAboveBytes) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            compact(path, file.readAll());
    }
    ::close(fd);  // releases the lock
    if (code != 0)
        return Error{atomicfile::writeError(code, path)};
    return {};
}

#else

Status append(const QString &path, const Entry &entry)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    const QByteArray line = lineOf(entry);
    if (file.write(line) != line.size() || !file.flush())
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    if (file.size() > kCompactAboveBytes) {
        file.close();
        QFile reader(path);
        if (reader.open(QIODevice::ReadOnly))
            compact(path, reader.readAll());
    }
    return {};
}

#endif

QList<Entry> readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parse(file.readAll());
}

} // namespace teamai::finishedids
