#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace teamai::binding {

/// @brief The `workspaceBindings` object of config.json and the rules the reference client
/// (teamai-cli 0.25) applies to it, as pure functions on the JSON (BindingStore does the file).
///
/// An entry is `{projectId, projectName, boundAt, ideType?}` under the workspace's canonical
/// path, plus whatever else a client wrote (kept). `projectId` 0 with `projectName`
/// "__skipped__" is a workspace the user chose not to bind (`bind-project --skip`): it is never
/// offered a binding again and receives no project resources.
namespace bindings {

/// @brief The `projectName` of a skipped workspace.
inline constexpr char16_t kSkippedName[] = u"__skipped__";

/// @brief The project id of @p entry as text ("" when absent; numbers without a fraction).
QString projectIdText(const QJsonObject &entry);
/// @brief True when @p entry names a real project (its id is present and not 0).
bool isRealBinding(const QJsonObject &entry);
/// @brief True when @p entry is a skip marker (id 0).
bool isSkipped(const QJsonObject &entry);

/// @brief A project id as the reference stores it: a JSON number when @p id is all digits (the
/// backend's ids are numbers), else the text.
QJsonValue projectIdValue(const QString &id);

/// @brief What loading config.json does in the reference: drops the legacy group-based entries
/// (`groupId` without `projectId`) and re-keys every entry by canonicalPath(); of two keys for
/// one folder, a real project wins over a skip marker, the first real one over a later
/// different one, and a missing `ideType` is filled from the other. Returns true when changed;
/// @p removedLegacy counts the dropped entries.
bool normalize(QJsonObject &all, int *removedLegacy = nullptr);

/// @brief Drops the entries whose folder no longer exists (a folder that cannot be checked, for
/// example for lack of permission, stays). Returns true when something was dropped.
bool pruneDead(QJsonObject &all);

/// @brief Sets `ideType` of the binding of @p workspace to @p agentType (the tool that last used
/// it, which the report groups workspaces by). False when there is no such binding or nothing
/// changed.
bool stampTool(QJsonObject &all, const QString &workspace, const QString &agentType);

/// @brief Writes `{projectId, projectName, boundAt}` over the entries of every key in @p keys,
/// keeping their other fields (ideType, unknown ones).
void bind(QJsonObject &all, const QStringList &keys, const QJsonValue &projectId, const QString &projectName,
          const QString &boundAt);

/// @brief The keys a binding made in @p cwd is written under: its workspace and, in a linked
/// git worktree, the main checkout too (so the other worktrees inherit it).
QStringList keysFor(const QString &cwd, const QString &workspace);

/// @brief In a linked worktree whose main checkout is bound (or skipped), copies that binding to
/// @p workspace. Returns true when it did.
bool inheritFromMainCheckout(QJsonObject &all, const QString &cwd, const QString &workspace, const QString &boundAt);

/// @brief The folders a project-scope command may write into: the workspaces bound to a real
/// project (skip markers are not bindings).
QStringList boundWorkspaces(const QJsonObject &all);

/// @brief `new Date().toISOString()`: UTC, milliseconds, `Z`.
QString nowIso();

} // namespace bindings
} // namespace teamai::binding
