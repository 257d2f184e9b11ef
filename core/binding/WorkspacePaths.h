#pragma once

#include <QString>

namespace teamai::binding {

/// @brief The spelling of a workspace folder used as a `workspaceBindings` key: absolute, clean,
/// symbolic links resolved when the folder exists (else the clean absolute path), as the
/// reference client's `realpath` fallback does. Empty for an empty @p path.
QString canonicalPath(const QString &path);

/// @brief The workspace a hook or `bind-project` in @p cwd is about: the root of the git work
/// tree holding @p cwd (a folder with `.git`, a worktree or submodule included), else @p cwd;
/// canonical. Empty for an empty @p cwd and for an ephemeral WorkBuddy task folder.
QString workspaceOf(const QString &cwd);

} // namespace teamai::binding
