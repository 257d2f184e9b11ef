#pragma once

#include <QDir>
#include <QFile>
#include <QString>

namespace teamai::test {

/// @brief Writes @p content to @p path, creating its folder; false on failure.
inline bool writeText(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size();
}

/// @brief A repository laid out as `git worktree add` leaves it, made from files only: `main`
/// (with `.git/`) and the linked worktree `wt` (a `.git` file, and `main/.git/worktrees/wt` with
/// `commondir`). @p relative: whether the pointers are relative paths (git writes absolute ones;
/// relative ones are allowed too).
inline bool makeWorktreeLayout(const QString &root, bool relative = false)
{
    const QString main = root + QStringLiteral("/main");
    const QString admin = main + QStringLiteral("/.git/worktrees/wt");
    if (!QDir().mkpath(admin) || !QDir().mkpath(root + QStringLiteral("/wt/src")))
        return false;
    const QByteArray pointer = relative ? QByteArray("../main/.git/worktrees/wt") : admin.toUtf8();
    return writeText(root + QStringLiteral("/wt/.git"), "gitdir: " + pointer + "\n")
        && writeText(admin + QStringLiteral("/commondir"), "../..\n")
        && writeText(admin + QStringLiteral("/gitdir"), (root + QStringLiteral("/wt/.git\n")).toUtf8());
}

} // namespace teamai::test
