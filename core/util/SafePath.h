#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QFileDevice>
#include <QString>

namespace teamai::safepath {

/// @brief Writes that never leave their base folder through a link.
///
/// A repository (or a user's tool folder) may hold links: `.claude/CLAUDE.md -> ../outside/bashrc`,
/// `.claude/skills -> /somewhere`. QSaveFile, QDir::mkpath and QFile follow them, so every writer
/// of agent files first resolves the path here, component by component, and refuses when a link
/// leads out of the base. A link that stays inside the base is followed; a dangling link is
/// refused (where a write through it would land is not ours to guess). The base itself may be a
/// link (a `~/.claude` kept in a dotfiles repository): it is resolved once and trusted.
///
/// Use: checkInside() before reading or acting on a path; writeFile() / removeEntry() /
/// makeDirs() to change it. Errors are plain ack wording.

/// @brief Result of checkInside().
struct Resolved {
    bool ok = false;
    QString error;     ///< e.g. `Refusing to write <path>: it leaves <base> through a link`
    QString realPath;  ///< @p path with every link resolved (missing trailing components kept as given)
    QString realBase;  ///< the base with its own links resolved
};

/// @brief Checks that @p path lies inside @p base (after `..` is collapsed) and that no
/// component of it below the base is a link that leads out of the base or to nothing.
Resolved checkInside(const QString &base, const QString &path);

/// @brief The folder a tool's file @p path may not leave: in user scope (@p scopeBase is $HOME)
/// the tool's own folder (`~/.claude`) when @p path is in it, else $HOME; in project scope the
/// workspace.
QString writeBase(const QString &scopeBase, const QString &toolRootDir, const QString &path);

/// @brief writeBase() for a file laid out as `<scope base>/<tool folder>/<file>` (hook settings).
QString writeBaseOfToolFile(const QString &path);

/// @brief What writeFile() gives an existing file.
enum class Mode { KeepExisting, Set };

/// @brief Writes @p bytes to @p path atomically (temporary sibling, then rename) after
/// checkInside(). The folder is opened once and the rename happens relative to it; right before
/// the rename the final name is checked again without following links. A new file gets
/// @p permissions; an existing one keeps its mode unless @p mode is Set.
Status writeFile(const QString &base, const QString &path, const QByteArray &bytes,
                 QFileDevice::Permissions permissions, Mode mode);

/// @brief Removes the file or link @p path itself (never what a link points to), after checking
/// its folder with checkInside(). A missing @p path is not an error.
Status removeEntry(const QString &base, const QString &path);

/// @brief Creates @p dir (and parents) inside @p base after checkInside(), and checks again once
/// it exists. The value is the resolved folder.
Result<QString> makeDirs(const QString &base, const QString &dir);

} // namespace teamai::safepath
