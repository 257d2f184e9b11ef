#pragma once

#include <QString>
#include <QStringList>

namespace teamai {

struct ToolInfo;

namespace agenthooks {

/// @brief How an agent's hook settings file nests its entries.
enum class HookLayout {
    /// Claude Code and its relatives, and Codex's hooks.json:
    /// `{"hooks": {"<Event>": [{"matcher": "", "hooks": [{"type": "command", "command": …, "timeout": …}]}]}}`
    Nested,
    /// Cursor's hooks.json: `{"version": 1, "hooks": {"<event>": [{"command": …, "timeout": …}]}}`
    Flat,
};

/// @brief The layout of @p tool's hooks settings file (docs/agent-hooks.md has the table).
HookLayout layoutFor(const ToolInfo &tool);

/// @brief Our four dispatch events, in order: session-start, prompt-submit, post-tool-use, stop.
const QStringList &dispatchEvents();

/// @brief The name @p tool uses for @p event. @p event may be one of ours (session-start…), or
/// an agent's own spelling (`SessionStart`, `beforeSubmitPrompt`, `PreToolUse`…), which is
/// translated between the Claude and Cursor families. Empty when @p event is not a usable name.
QString agentEventName(const ToolInfo &tool, const QString &event);

} // namespace agenthooks
} // namespace teamai
