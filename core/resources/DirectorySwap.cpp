#include "resources/DirectorySwap.h"

#include "log/Logging.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#endif

namespace teamai::resources::dirswap {
namespace {

bool renamePath(const QString &from, const QString &to)
{
    return QDir().rename(from, to);
}

#ifdef Q_OS_LINUX
/// 1 exchanged, 0 not supported here (fall back), -1 failed.
int exchange(const QString &a, const QString &b)
{
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, QFile::encodeName(a).constData(), AT_FDCWD, QFile::encodeName(b).constData(),
                    RENAME_EXCHANGE) == 0)
        return 1;
    return (errno == ENOSYS || errno == EINVAL || errno == ENOTSUP) ? 0 : -1;
#else
    Q_UNUSED(a)
    Q_UNUSED(b)
    return 0;
#endif
}
#endif

void deleteTree(const QString &path)
{
    // A link is removed itself: QDir::removeRecursively() would empty the folder it points to.
    if (QFileInfo(path).isSymLink()) {
        QFile::remove(path);
        return;
    }
    if (!QDir(path).removeRecursively())
        qCWarning(lcResources).noquote() << "could not delete all of" << path << "- it is removed on a later install";
}

} // namespace

QString siblingPath(const QString &target, const QString &purpose)
{
    const QFileInfo info(target);
    return info.absolutePath() + QStringLiteral("/.teamai-%1-%2-%3")
                                     .arg(purpose, info.fileName().left(40))
                                     .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
}

bool replace(const QString &staging, const QString &target, QString *error)
{
    const QFileInfo existing(target);
    if (!existing.exists() && !existing.isSymLink()) {
        if (renamePath(staging, target))
            return true;
        *error = QStringLiteral("Cannot move the new folder into place at %1").arg(target);
        return false;
    }
#ifdef Q_OS_LINUX
    const int exchanged = exchange(staging, target);
    if (exchanged == 1) {
        deleteTree(staging);  // now holds the old content
        return true;
    }
    if (exchanged < 0) {
        *error = QStringLiteral("Cannot replace %1: %2").arg(target, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
#endif
    const QString aside = siblingPath(target, QStringLiteral("old"));
    if (!renamePath(target, aside)) {
        *error = QStringLiteral("Cannot replace %1: it is in use or not writable").arg(target);
        return false;
    }
    if (!renamePath(staging, target)) {
        renamePath(aside, target);
        *error = QStringLiteral("Cannot move the new folder into place at %1").arg(target);
        return false;
    }
    deleteTree(aside);
    return true;
}

bool remove(const QString &target, QString *error)
{
    const QFileInfo info(target);
    if (!info.exists() && !info.isSymLink())
        return true;
    if (info.isSymLink() || !info.isDir()) {
        if (QFile::remove(target))
            return true;
        *error = QStringLiteral("Cannot remove %1").arg(target);
        return false;
    }
    const QString aside = siblingPath(target, QStringLiteral("old"));
    if (!renamePath(target, aside)) {
        *error = QStringLiteral("Cannot remove %1: it is in use or not writable").arg(target);
        return false;
    }
    deleteTree(aside);
    return true;
}

void removeStaleLeftovers(const QString &parent)
{
    const QDir dir(parent);
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addSecs(-3600);
    const QFileInfoList leftovers = dir.entryInfoList({QStringLiteral(".teamai-staging-*"), QStringLiteral(".teamai-old-*")},
                                                      QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo &info : leftovers) {
        if (info.lastModified().toUTC() < cutoff)
            deleteTree(info.absoluteFilePath());
    }
}

} // namespace teamai::resources::dirswap
