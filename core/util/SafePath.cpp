#include "util/SafePath.h"

#include "util/Paths.h"
#include "util/SafePath_platform.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace teamai::safepath {

namespace detail {

bool isInside(const QString &base, const QString &path)
{
    return path == base || path.startsWith(base.endsWith(u'/') ? base : base + u'/');
}

QString leavesError(const QString &path, const QString &base)
{
    return QStringLiteral("Refusing to write %1: it leaves %2 through a link").arg(path, base);
}

} // namespace detail

namespace {

using detail::isInside;
using detail::leavesError;

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
    return platform::writeChecked(checked, path, bytes, wanted);
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
