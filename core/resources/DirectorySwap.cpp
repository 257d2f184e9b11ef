#include "resources/DirectorySwap.h"

#include "log/Logging.h"
#include "resources/DirectorySwap_platform.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

namespace teamai::resources::dirswap {
namespace {

bool renamePath(const QString &from, const QString &to)
{
    return QDir().rename(from, to);
}

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

Status replace(const QString &staging, const QString &target)
{
    const QFileInfo existing(target);
    if (!existing.exists() && !existing.isSymLink()) {
        if (renamePath(staging, target))
            return {};
        return Error{QStringLiteral("Cannot move the new folder into place at %1").arg(target)};
    }
    const Result<platform::Exchange> exchanged = platform::exchange(staging, target);
    if (!exchanged)
        return Error{QStringLiteral("Cannot replace %1: %2").arg(target, exchanged.error())};
    if (*exchanged == platform::Exchange::Done) {
        deleteTree(staging);  // now holds the old content
        return {};
    }
    const QString aside = siblingPath(target, QStringLiteral("old"));
    if (!renamePath(target, aside))
        return Error{QStringLiteral("Cannot replace %1: it is in use or not writable").arg(target)};
    if (!renamePath(staging, target)) {
        renamePath(aside, target);
        return Error{QStringLiteral("Cannot move the new folder into place at %1").arg(target)};
    }
    deleteTree(aside);
    return {};
}

Status remove(const QString &target)
{
    const QFileInfo info(target);
    if (!info.exists() && !info.isSymLink())
        return {};
    if (info.isSymLink() || !info.isDir()) {
        if (QFile::remove(target))
            return {};
        return Error{QStringLiteral("Cannot remove %1").arg(target)};
    }
    const QString aside = siblingPath(target, QStringLiteral("old"));
    if (!renamePath(target, aside))
        return Error{QStringLiteral("Cannot remove %1: it is in use or not writable").arg(target)};
    deleteTree(aside);
    return {};
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
