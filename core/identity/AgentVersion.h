#pragma once

#include <QString>
#include <QStringList>

namespace teamai {

struct ToolInfo;

/// @brief The report's `agent_version`: the version of the AI tool itself (not ours), found the
/// way the reference client finds it — `<tool> --version` for claude, cursor, codebuddy, hermes,
/// openclaw and dsh, the app bundle's Info.plist for workbuddy (macOS); empty for other tools.
///
/// Differences (docs/compatibility.md): the binary is looked for in fixed folders, never on PATH,
/// and the answer is cached in `<agent state dir>/agent-versions.json` until the binary changes,
/// so a hook does not start a Node process every time.
namespace agentversion {

/// @brief The version of @p tool on this machine; empty when unknown.
QString of(const ToolInfo &tool);

/// @brief The version in @p output of `<tool> --version` (trimmed stdout, else stderr), per the
/// reference's rule for @p toolName; empty when the tool has no such rule or nothing matches.
QString parseVersionOutput(const QString &toolName, const QString &output);

/// @brief The folders searched for a tool's binary, in order (absolute paths only).
QStringList searchFolders();

} // namespace agentversion
} // namespace teamai
