#pragma once

#include "util/Result.h"

#include <QFileDevice>
#include <QString>

namespace teamai::paths {

/// @brief The user's home folder: $HOME when set (tests point it at a temporary folder), else Qt's idea of it.
QString homeDir();

/// @brief The TeamAI home: $TEAMAI_HOME when set, else ~/.teamai.
QString teamaiHome();

/// @brief The agent's own state folder, ~/.teamai/local-agent (config, database, locks, logs).
QString agentStateDir();

/// @brief Folder of the rotating log files.
QString logDir();

/// @brief Creates @p path (and parents) if needed and restricts it to the owner (0700).
/// Fails when the folder cannot be created or protected.
Status ensurePrivateDir(const QString &path);

/// @brief Gives @p path exactly the mode @p permissions (owner/group/other bits), changing it only
/// when it differs: a chmod is a journaled inode write, and hooks call this many times an hour.
bool restrictMode(const QString &path, QFileDevice::Permissions permissions);

/// @brief The absolute path of the running executable's folder, resolved from the OS, never PATH.
QString applicationDir();

} // namespace teamai::paths
