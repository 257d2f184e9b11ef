#pragma once

#include <QList>
#include <QString>

namespace teamai {

/// @brief How a tool keeps its hooks: Claude-style `settings.json` (`hooks.<Event>[].hooks[]`) or
/// Codex/Cursor-style `hooks.json`.
enum class HooksFormat { ClaudeSettings, HooksJson };

/// @brief Where one AI coding tool keeps its resources, relative to a base folder (HOME for user
/// scope, the workspace for project scope). SPEC §4 "Tool folders".
struct ToolInfo {
    QString name;             ///< normalized tool name, also the `agent_type` sent to the backend
    QString skillsDir;        ///< e.g. ".claude/skills"
    QString rulesDir;         ///< e.g. ".claude/rules"
    QString hooksSettings;    ///< e.g. ".claude/settings.json"
    HooksFormat hooksFormat = HooksFormat::ClaudeSettings;
    QString instructionFile;  ///< e.g. ".claude/CLAUDE.md"; empty when the tool has none

    /// @brief The tool's own folder (parent of its skills dir), e.g. ".claude".
    QString rootDir() const;
};

/// @brief The tools this agent knows, in SPEC order.
const QList<ToolInfo> &knownTools();

/// @brief Looks a tool up by name after normalizing it (case, surrounding spaces, `_` → `-`,
/// and the alias `claude-code` → `claude`). nullptr for an unknown tool.
const ToolInfo *findTool(const QString &name);

/// @brief The normalized form of a tool name (see findTool); empty input stays empty.
QString normalizeToolName(const QString &name);

/// @brief The tool used when none is given: `workbuddy`.
const ToolInfo &defaultTool();

} // namespace teamai
