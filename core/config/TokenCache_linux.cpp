#include "config/TokenCache.h"

#include "log/Logging.h"
#include "util/AtomicFile.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

namespace teamai {

namespace {

constexpr int kFormat = 1;
constexpr qint64 kMaxFileBytes = 16 * 1024;  // a token and four short fields; anything larger is not ours

const QString kFormatKey = QStringLiteral("format");
const QString kHomeKey = QStringLiteral("home");
const QString kEndpointKey = QStringLiteral("endpoint");
const QString kGenerationKey = QStringLiteral("generation");
const QString kStoredAtKey = QStringLiteral("storedAtBootMs");
const QString kTokenKey = QStringLiteral("token");

/// The TeamAI home the entry belongs to: tests and a second installation have homes of their own.
QString homeKey()
{
    return QDir(paths::teamaiHome()).absolutePath();
}

QString fileName()
{
    const QByteArray digest = QCryptographicHash::hash(homeKey().toUtf8(), QCryptographicHash::Sha256);
    return QStringLiteral("teamai-token-") + QString::fromLatin1(digest.toHex().left(16));
}

/// Milliseconds since boot, time asleep included: a laptop that slept an hour finds the entry expired.
qint64 bootTimeMs()
{
    timespec now{};
    ::clock_gettime(CLOCK_BOOTTIME, &now);
    return qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

/// $XDG_RUNTIME_DIR when it is a real folder of ours (not a link): enough to remove our entry.
Result<QString> ownRuntimeDir(struct stat &st)
{
    const QString dir = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (dir.isEmpty())
        return Error{QStringLiteral("XDG_RUNTIME_DIR is not set")};
    if (!QDir::isAbsolutePath(dir))
        return Error{QStringLiteral("XDG_RUNTIME_DIR (%1) is not an absolute path").arg(dir)};
    if (::lstat(QFile::encodeName(dir).constData(), &st) != 0)
        return Error{QStringLiteral("%1 does not exist").arg(dir)};
    if (S_ISLNK(st.st_mode))
        return Error{QStringLiteral("%1 is a symbolic link").arg(dir)};
    if (!S_ISDIR(st.st_mode))
        return Error{QStringLiteral("%1 is not a folder").arg(dir)};
    if (st.st_uid != ::geteuid())
        return Error{QStringLiteral("%1 belongs to another user").arg(dir)};
    return QDir::cleanPath(dir);
}

/// The runtime folder when the token may be kept there: ours, 0700 (no one else may even look),
/// and in memory, so the token never reaches a disk or outlives the login session.
Result<QString> privateRuntimeDir()
{
    struct stat st {};
    const Result<QString> dir = ownRuntimeDir(st);
    if (!dir)
        return dir;
    if ((st.st_mode & 07777) != 0700)
        return Error{QStringLiteral("%1 has mode %2, not 0700").arg(*dir).arg(st.st_mode & 07777, 4, 8, QLatin1Char('0'))};
    struct statfs fs {};
    if (::statfs(QFile::encodeName(*dir).constData(), &fs) != 0 || (fs.f_type != TMPFS_MAGIC && fs.f_type != RAMFS_MAGIC))
        return Error{QStringLiteral("%1 is not in memory (tmpfs or ramfs), so the token could reach a disk").arg(*dir)};
    return dir;
}

enum class FileState { Absent, Unusable, Read };

struct FileBytes {
    FileState state = FileState::Unusable;
    QByteArray bytes;
};

/// The file's bytes when it is a plain file of ours, 0600, with one name, and of a sane size;
/// never through a link, and never blocking on a FIFO planted in its place.
FileBytes readPrivateFile(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return {errno == ENOENT ? FileState::Absent : FileState::Unusable, {}};
    FileBytes result;
    struct stat st {};
    const bool isPrivate = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid()
        && (st.st_mode & 07777) == 0600 && st.st_nlink == 1 && st.st_size > 0 && st.st_size <= kMaxFileBytes;
    QFile file;
    if (isPrivate && file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        result.bytes = file.read(kMaxFileBytes + 1);
        if (result.bytes.size() == st.st_size)
            result.state = FileState::Read;
        return result;  // file closes fd
    }
    ::close(fd);
    return result;
}

/// The entry's token when it was written for this home, @p endpoint and @p generation, and is
/// younger than the lifetime; nothing otherwise.
std::optional<QString> validToken(const QByteArray &bytes, const QString &endpoint, const QString &generation)
{
    const QJsonObject entry = QJsonDocument::fromJson(bytes).object();
    const QJsonValue storedAt = entry.value(kStoredAtKey);
    const QString token = entry.value(kTokenKey).toString();
    if (entry.value(kFormatKey).toInt() != kFormat || entry.value(kHomeKey).toString() != homeKey()
        || entry.value(kEndpointKey).toString() != endpoint || entry.value(kGenerationKey).toString() != generation
        || !storedAt.isDouble() || token.isEmpty())
        return std::nullopt;
    const qint64 age = bootTimeMs() - storedAt.toInteger();
    const qint64 lifetime = std::chrono::milliseconds(TokenCache::kLifetime).count();
    if (age < 0 || age >= lifetime)
        return std::nullopt;
    return token;
}

} // namespace

Result<QString> TokenCache::path()
{
    const Result<QString> dir = privateRuntimeDir();
    if (!dir)
        return dir;
    return QString(*dir + QLatin1Char('/') + fileName());
}

std::optional<QString> TokenCache::read(const QString &endpoint, const QString &generation)
{
    const Result<QString> file = path();
    if (!file)
        return std::nullopt;
    const FileBytes found = readPrivateFile(*file);
    if (found.state == FileState::Absent)
        return std::nullopt;
    std::optional<QString> token;
    if (found.state == FileState::Read)
        token = validToken(found.bytes, endpoint, generation);
    if (!token) {
        // Stale, expired, damaged or not ours: gone, so an old token does not linger until logout.
        ::unlink(QFile::encodeName(*file).constData());
        qCDebug(lcConfig) << "session token cache: removed an entry that no longer answers";
    }
    return token;
}

Status TokenCache::write(const QString &endpoint, const QString &generation, const QString &token)
{
    const Result<QString> file = path();
    if (!file)
        return Error{file.error()};
    const QJsonObject entry{{kFormatKey, kFormat},         {kHomeKey, homeKey()},
                            {kEndpointKey, endpoint},      {kGenerationKey, generation},
                            {kStoredAtKey, bootTimeMs()},  {kTokenKey, token}};
    return atomicfile::write(*file, QJsonDocument(entry).toJson(QJsonDocument::Compact),
                             QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void TokenCache::drop()
{
    struct stat st {};
    if (const Result<QString> dir = ownRuntimeDir(st))
        ::unlink(QFile::encodeName(*dir + QLatin1Char('/') + fileName()).constData());
}

} // namespace teamai
