#include "binding/GitWorktree.h"

#include "binding/WorkspacePaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace teamai::binding {
namespace {

constexpr qint64 kMaxPointerBytes = 4096;

/// The first line of a small text file, trimmed; empty when unreadable.
QString firstLine(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.read(kMaxPointerBytes);
    const qsizetype end = bytes.indexOf('\n');
    return QString::fromUtf8(end < 0 ? bytes : bytes.left(end)).trimmed();
}

QString resolveAgainst(const QString &base, const QString &path)
{
    return QDir::cleanPath(QDir::isAbsolutePath(path) ? path : base + u'/' + path);
}


} // namespace

QString gitDirFromFile(const QString &gitFile, const QString &workTree)
{
    static const QString prefix = QStringLiteral("gitdir:");
    const QString line = firstLine(gitFile);
    if (!line.startsWith(prefix))
        return {};
    const QString target = line.mid(prefix.size()).trimmed();
    if (target.isEmpty() || target.contains(QChar(0)))
        return {};
    return resolveAgainst(workTree, target);
}

std::optional<GitAnchors> gitAnchors(const QString &dir)
{
    const QString top = workTreeTop(canonicalPath(dir));
    if (top.isEmpty())
        return std::nullopt;
    GitAnchors anchors;
    anchors.workspaceRoot = canonicalPath(top);
    anchors.mainCheckout = anchors.workspaceRoot;
    const QFileInfo dotGit(top + QStringLiteral("/.git"));
    if (dotGit.isDir())
        return anchors;
    const QString gitDir = gitDirFromFile(dotGit.filePath(), top);
    if (gitDir.isEmpty() || !QFileInfo(gitDir).isDir())
        return std::nullopt;
    // Only a linked worktree has `commondir`; a submodule's git dir is its own.
    const QString common = firstLine(gitDir + QStringLiteral("/commondir"));
    if (common.isEmpty())
        return anchors;
    const QString commonDir = canonicalPath(resolveAgainst(gitDir, common));
    // A bare repository (or one with a separate git dir) has no main work tree we can name.
    if (QFileInfo(commonDir).fileName() != QLatin1String(".git") || !QFileInfo(commonDir).isDir())
        return anchors;
    anchors.mainCheckout = canonicalPath(QFileInfo(commonDir).absolutePath());
    return anchors;
}

QString workTreeTop(const QString &start)
{
    for (QDir dir(start);;) {
        if (QFileInfo::exists(dir.filePath(QStringLiteral(".git"))))
            return dir.absolutePath();
        if (!dir.cdUp())
            return {};
    }
}

} // namespace teamai::binding
