#include "util/SafePath.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace teamai::safepath {
namespace {

bool isInside(const QString &base, const QString &path)
{
    return path == base || path.startsWith(base.endsWith(u'/') ? base : base + u'/');
}

QString leavesError(const QString &path, const QString &base)
{
    return QStringLiteral("Refusing to write %1: it leaves %2 through a link").arg(path, base);
}

bool isLink(const QFileInfo &info)
{
    return info.isSymbolicLink() || info.isJunction();
}

Resolved failed(const QString &error)
{
    Resolved resolved;
    resolved.error = error;
    return resolved;
}

#ifdef Q_OS_UNIX
mode_t modeOf(QFileDevice::Permissions permissions)
{
    mode_t mode = 0;
    const std::pair<QFileDevice::Permission, mode_t> bits[] = {
        {QFileDevice::ReadOwner, S_IRUSR}, {QFileDevice::WriteOwner, S_IWUSR}, {QFileDevice::ExeOwner, S_IXUSR},
        {QFileDevice::ReadGroup, S_IRGRP}, {QFileDevice::WriteGroup, S_IWGRP}, {QFileDevice::ExeGroup, S_IXGRP},
        {QFileDevice::ReadOther, S_IROTH}, {QFileDevice::WriteOther, S_IWOTH}, {QFileDevice::ExeOther, S_IXOTH}};
    for (const auto &[flag, bit] : bits) {
        if (permissions.testFlag(flag))
            mode |= bit;
    }
    return mode;
}

QString systemError() { return QString::fromLocal8Bit(std::strerror(errno)); }

/// The folder @p fd really is, where the OS can tell (Linux); empty otherwise.
QString pathOfFd(int fd)
{
#ifdef Q_OS_LINUX
    return QFileInfo(QStringLiteral("/proc/self/fd/%1").arg(fd)).symLinkTarget();
#else
    Q_UNUSED(fd)
    return {};
#endif
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return ::fsync(fd) == 0;
}

/// Writes into the already-checked folder @p folder through one descriptor of it, so a folder
/// swapped for a link after the check is noticed, and never renames onto a link.
Status writeInFolder(const Resolved &checked, const QString &path, const QByteArray &bytes, mode_t mode)
{
    const QString folder = QFileInfo(checked.realPath).absolutePath();
    const QByteArray name = QFile::encodeName(QFileInfo(checked.realPath).fileName());
    const int dirFd = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirFd < 0)
        return Error{QStringLiteral("Cannot write %1: %2").arg(path, systemError())};
    const QString really = pathOfFd(dirFd);
    if (!really.isEmpty() && !isInside(checked.realBase, really)) {
        ::close(dirFd);
        return Error{leavesError(path, checked.realBase)};
    }
    const QByteArray temp = ".teamai-write-" + name.left(40) + '-'
        + QByteArray::number(QRandomGenerator::global()->generate(), 16);
    const int fd = ::openat(dirFd, temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    const bool created = fd >= 0;
    Status written;
    if (!(fd >= 0 && ::fchmod(fd, mode) == 0 && writeAll(fd, bytes)))
        written = Error{QStringLiteral("%1 while writing %2").arg(systemError(), path)};  // the atomic writer's wording
    if (created && ::close(fd) != 0 && written)
        written = Error{QStringLiteral("%1 while writing %2").arg(systemError(), path)};
    struct stat st {};
    if (written && ::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        written = Error{leavesError(path, checked.realBase)};  // became a link since the check
    if (written && ::renameat(dirFd, temp.constData(), dirFd, name.constData()) != 0)
        written = Error{QStringLiteral("Cannot write %1: %2").arg(path, systemError())};
    if (!written && created)
        ::unlinkat(dirFd, temp.constData(), 0);
    ::close(dirFd);
    return written;
}
#endif

} // namespace

Resolved checkInside(const QString &base, const QString &path)
{
    const QString cleanBase = QDir::cleanPath(base);
    const QString cleanPath = QDir::cleanPath(path);
    if (!QDir::isAbsolutePath(cleanBase) || !QDir::isAbsolutePath(cleanPath) || !isInside(cleanBase, cleanPath))
        return failed(QStringLiteral("Refusing to write %1: it is outside %2").arg(path, base));
    Resolved resolved;
    const QFileInfo baseInfo(cleanBase);
    resolved.realBase = baseInfo.exists() ? baseInfo.canonicalFilePath() : cleanBase;
    QString current = resolved.realBase;
    QString lexical = cleanBase;
    const QStringList components = cleanPath.mid(cleanBase.size()).split(u'/', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < components.size(); ++i) {
        lexical += u'/' + components.at(i);
        const QFileInfo info(current + u'/' + components.at(i));
        if (isLink(info)) {
            const QString target = info.canonicalFilePath();
            if (target.isEmpty())
                return failed(QStringLiteral("Refusing to write %1: %2 is a link to nothing").arg(path, lexical));
            if (!isInside(resolved.realBase, target))
                return failed(leavesError(path, base));
            current = target;
        } else if (!info.exists()) {
            // The rest does not exist yet: it is created below what was checked.
            current = QStringList(components.mid(i)).join(u'/').prepend(current + u'/');
            break;
        } else {
            current = info.absoluteFilePath();
        }
    }
    resolved.ok = true;
    resolved.realPath = current;
    return resolved;
}

QString writeBase(const QString &scopeBase, const QString &toolRootDir, const QString &path)
{
    const QString base = QDir::cleanPath(scopeBase);
    const QString toolFolder = base + u'/' + toolRootDir;
    if (base == QDir::cleanPath(paths::homeDir()) && !toolRootDir.isEmpty() && isInside(toolFolder, QDir::cleanPath(path)))
        return toolFolder;
    return base;
}

QString writeBaseOfToolFile(const QString &path)
{
    const QFileInfo toolFolder(QFileInfo(QDir::cleanPath(path)).absolutePath());
    return writeBase(toolFolder.absolutePath(), toolFolder.fileName(), path);
}

Status writeFile(const QString &base, const QString &path, const QByteArray &bytes,
                 QFileDevice::Permissions permissions, Mode mode)
{
    if (const Result<QString> dir = makeDirs(base, QFileInfo(QDir::cleanPath(path)).absolutePath()); !dir)
        return Error{dir.error()};
    const Resolved checked = checkInside(base, path);
    if (!checked.ok)
        return Error{checked.error};
    QFileDevice::Permissions wanted = permissions;
    if (mode == Mode::KeepExisting && QFileInfo::exists(checked.realPath))
        wanted = QFile::permissions(checked.realPath);
#ifdef Q_OS_UNIX
    return writeInFolder(checked, path, bytes, modeOf(wanted));
#else
    return jsonfile::writeAtomically(checked.realPath, bytes, wanted);
#endif
}

Status removeEntry(const QString &base, const QString &path)
{
    const QFileInfo lexical(QDir::cleanPath(path));
    const Resolved folder = checkInside(base, lexical.absolutePath());
    if (!folder.ok)
        return Error{folder.error};
    const QString real = folder.realPath + u'/' + lexical.fileName();
    const QFileInfo info(real);
    if (!info.exists() && !isLink(info))
        return {};
    if (QFile::remove(real))  // unlink(2): a link goes itself, its target stays
        return {};
    return Error{QStringLiteral("Cannot remove %1").arg(path)};
}

Result<QString> makeDirs(const QString &base, const QString &dir)
{
    Resolved checked = checkInside(base, dir);
    if (checked.ok && !QDir().mkpath(checked.realPath))
        return Error{QStringLiteral("Cannot create folder %1").arg(dir)};
    if (checked.ok)
        checked = checkInside(base, dir);  // created: every component is real now
    if (!checked.ok)
        return Error{checked.error};
    return checked.realPath;
}

} // namespace teamai::safepath
