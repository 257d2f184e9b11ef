#pragma once

#include "binding/ProjectList.h"

#include <QString>
#include <QStringList>

namespace teamai::binding {

/// @brief What binding, skipping or unbinding a folder did.
struct BindOutcome {
    bool ok = false;
    QString error;          ///< one sentence for the user; nothing was changed
    QString workspace;      ///< the workspace the folder belongs to (its git root, canonical)
    QStringList keys;       ///< every key written or removed (the main checkout too, from a worktree)
};

/// @brief The changes `teamai bind-project` and the tray make to config.json's bindings, as the
/// reference client makes them: the workspace of the folder (its git work tree's root) and, in a
/// linked worktree, its main checkout get `{projectId, projectName, boundAt}` (their other
/// fields, `ideType` among them, stay). Writes go through BindingStore.
namespace binder {

/// @brief Binds the workspace of @p folder to @p project.
BindOutcome bind(const QString &folder, const Project &project, const QString &configPath = {});

/// @brief Marks the workspace of @p folder as skipped: projectId 0, projectName "__skipped__".
BindOutcome skip(const QString &folder, const QString &configPath = {});

/// @brief Removes the binding stored under @p key (exactly that key). Removing a key that is not
/// there succeeds and changes nothing.
BindOutcome unbind(const QString &key, const QString &configPath = {});

} // namespace binder
} // namespace teamai::binding
