#pragma once

#include <QString>
#include <QStringList>

namespace teamai::cli {

/// @brief The reference client's program options, `--dry-run` and `-v`/`--verbose`, which it
/// accepts before or after the command name (docs/compatibility.md "Command line").
bool isGlobalOption(const QString &argument);

/// @brief @p arguments (after the program name) with the global options that come before the
/// command moved right after it, and `--hook=EVENT` split into `--hook EVENT`, so that each command
/// sees them among its own options: `teamai -v --hook stop` is `teamai --hook -v stop`.
QStringList withGlobalOptionsAfterCommand(const QStringList &arguments);

/// @brief True for the two spellings of the hook command: `--hook` and `hook-dispatch`.
bool isHookCommand(const QString &first);

} // namespace teamai::cli
