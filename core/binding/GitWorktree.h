#pragma once

#include <QString>

#include <optional>

namespace teamai::binding {

/// @brief Where a folder sits in git, found from the files alone (no `git` is run: hooks must
/// stay fast, and we never start programs found on PATH).
///
/// `workspaceRoot` is the top of the work tree holding the folder; `mainCheckout` is the work
/// tree of the repository's main checkout. They differ only inside a linked worktree
/// (`git worktree add`): its `.git` is a file `gitdir: <repo>/.git/worktrees/<name>`, and that
/// folder's `commondir` names the shared `<repo>/.git`, whose parent is the main checkout. A
/// submodule (`.git` file without `commondir`) or a plain checkout is its own main checkout.
/// Both paths are canonical.
struct GitAnchors {
    QString workspaceRoot;
    QString mainCheckout;

    bool isLinkedWorktree() const { return workspaceRoot != mainCheckout; }
};

/// @brief The anchors of @p dir, or nullopt when it is not inside a git work tree or its `.git`
/// file cannot be understood (then it is treated as a plain folder).
std::optional<GitAnchors> gitAnchors(const QString &dir);

/// @brief The nearest folder at or above @p start holding `.git` (a folder or a file); empty
/// when there is none.
QString workTreeTop(const QString &start);

/// @brief The folder a `.git` file points to (`gitdir: PATH`, relative to @p workTree when not
/// absolute); empty when @p gitFile is not such a file. At most 4 KiB of it is read.
QString gitDirFromFile(const QString &gitFile, const QString &workTree);

} // namespace teamai::binding
