#pragma once

#include <QString>
#include <QStringList>

namespace teamai::resources {

/// @brief Where a command's resource goes (SPEC §4 "Scope"): user scope has base HOME, project
/// scope the workspace. `key` is the manifest scope key ("user" or "project:<workspace>").
struct ResourceScope {
    bool ok = false;
    QString error;        ///< ack wording, e.g. `Project command is missing workspace_path`
    bool project = false;
    QString baseDir;
    QString key;

    /// @brief The scope the manifest key @p scopeKey names (base folder derived from it).
    static ResourceScope fromKey(const QString &scopeKey);

    /// @brief Resolves a command's `scope` and `workspace_path`. Project scope (`workspace` or
    /// `project`) uses workspace_path — which must be an absolute path to an existing folder that
    /// this agent knows as a workspace: one of @p boundWorkspaces (config.json's bindings, the
    /// workspaces the report tells the backend about) or the one the hook runs in (@p cwd or its
    /// git top level). Without workspace_path it is the git top level holding @p cwd (else @p cwd).
    /// The backend can thus never make us write agent files into an arbitrary folder.
    static ResourceScope resolve(const QString &scope, const QString &workspacePath, const QString &cwd,
                                 const QStringList &boundWorkspaces);

    /// @brief The nearest folder at or above @p dir that holds `.git` (a folder, or a file for
    /// worktrees and submodules); empty when there is none.
    static QString gitTopLevel(const QString &dir);
};

} // namespace teamai::resources
