#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace teamai {

struct ToolInfo;

namespace agenthooks {

/// @brief The hooks `teamai init` installs in an agent's settings so that the agent runs
/// `teamai hook-dispatch EVENT --tool TOOL` on each of our four events (see docs/agent-hooks.md).
///
/// Our entries are recognised by their command — a program whose file name is `teamai` (or
/// `teamai-cli`, `.exe`, `.cmd`) followed by `--hook`, `hook-dispatch` or a hook subcommand of
/// older teamai-cli versions (`pull`, `track`…), quoted or wrapped in a shell (`bash -lc "teamai
/// hook-dispatch stop"`, `PATH=… teamai hook-dispatch …`) — by `"_teamai": "[teamai]"`, and by
/// teamai-cli's group tag `"description": "[teamai] …"`. The same rules as teamai-cli's, so both
/// clients see the same set of hooks as TeamAI's: each replaces the other's on `init`.
namespace dispatch {

/// @brief The tag value of our dispatch hooks.
QString tag();

/// @brief @p path quoted for the agent's shell when it needs it: as is when it is made only of
/// safe characters, else in double quotes (Windows) or, on POSIX, its folder in single quotes
/// and its (safe) file name after them: `'/home/a b/'teamai`.
QString quoteProgram(const QString &path);

/// @brief The command string run for @p event: `<quoted teamai> hook-dispatch <event> --tool <tool>`.
/// It holds `teamai hook-dispatch` (teamai-cli's marker) whenever the file name is `teamai`.
QString command(const QString &teamaiPath, const QString &event, const ToolInfo &tool);

/// @brief The `description` of the group that holds our hook for @p event (Nested layout):
/// teamai-cli's tag and key, e.g. `[teamai] Hook dispatch stop`.
QString groupDescription(const QString &event);

/// @brief The hook object written for @p event (Nested or Flat shape for @p tool).
QJsonObject hookObject(const QString &teamaiPath, const QString &event, const ToolInfo &tool);

/// @brief True for a command that runs TeamAI's hook dispatch (ours or the reference client's).
bool isDispatchCommand(const QString &command);

/// @brief True for a hook object that is one of ours (tag, teamai-cli's group description, or command).
bool isDispatchHook(const QJsonObject &hook);

/// @brief What install() or uninstall() did to one settings file.
struct Change {
    bool ok = false;
    QString error;
    QString settingsPath;
    bool written = false;
    QStringList events;   ///< agent events added (install) or removed (uninstall)
};

/// @brief Installs the four dispatch hooks for @p tool in `<baseDir>/<tool hooks settings>`.
/// Any other dispatch hook in the file (an older path, the reference client's) is replaced or
/// removed; everything else stays. Running it again changes nothing.
Change install(const ToolInfo &tool, const QString &baseDir, const QString &teamaiPath);

/// @brief Removes every dispatch hook (ours or the reference client's) from @p tool's settings.
Change uninstall(const ToolInfo &tool, const QString &baseDir);

/// @brief The dispatch hooks now in @p tool's settings: one "Event: command" line each; fails
/// when the settings file cannot be read.
Result<QStringList> installed(const ToolInfo &tool, const QString &baseDir);

} // namespace dispatch
} // namespace agenthooks
} // namespace teamai
