#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace teamai {

/// @brief How a tool keeps its TeamAI hooks, as the reference client (teamai-cli 0.25) writes them.
/// Only ClaudeSettings and HooksJson have a writer in this product (hooksSettings is set only for
/// those); the others are recorded so callers can say why a tool has no hooks here.
enum class HooksFormat {
    ClaudeSettings,  ///< `settings.json`, `hooks.<Event>[].hooks[]` (claude, codebuddy, workbuddy, qoder…)
    HooksJson,       ///< Codex/Cursor-style `hooks.json`
    CopilotHooks,    ///< a standalone `hooks/teamai.json` with a schema `version`
    ZcodeConfig,     ///< Claude-shaped hooks nested under `hooks.events` of `.zcode/cli/config.json`
    KiroAgents,      ///< `hooks.agentSpawn` inside each `.kiro/agents/*.json`
    HermesConfig,    ///< `~/.hermes/config.yaml`
    OpencodePlugin,  ///< an OpenCode plugin file
    OmpExtension,    ///< `~/.omp/agent/extensions/teamai-hooks.ts`
    OpenclawPlugin,  ///< an OpenClaw plugin
    None,            ///< the tool has no hook surface
};

/// @brief How a tool keeps its MCP servers (needed by install_mcp).
enum class McpFormat {
    None,      ///< no verified MCP configuration: MCP commands skip the tool
    Claude,    ///< JSON, `mcpServers` (claude family, qoder, kiro, zcode, omp)
    Cursor,    ///< JSON, `mcpServers`
    Codex,     ///< TOML `config.toml`
    Buddy,     ///< JSON, `mcpServers` (codebuddy, workbuddy)
    Opencode,  ///< JSON, `mcp` key of opencode.json
    Copilot,   ///< JSON, `mcpServers`
};

/// @brief Paths that differ at user scope (relative to HOME, or to the copilot home for copilot).
/// Empty means: the same as at project scope.
struct ToolUserScope {
    QString skillsDir;
    QString rulesDir;
    QString agentsDir;
    QString hooksFile;
    QString instructionFile;
};

/// @brief Where one AI coding tool keeps its resources, relative to a base folder (HOME for user
/// scope, the workspace for project scope). SPEC §4 "Tool folders"; the full table is the
/// reference client's (see docs/compatibility.md).
struct ToolInfo {
    QString name;             ///< tool name (`--tool`), also the input of local_agent_id
    QString skillsDir;        ///< e.g. ".claude/skills"
    QString rulesDir;         ///< e.g. ".claude/rules"; empty when the tool has none
    QString hooksSettings;    ///< hooks file that this product's writer handles; empty otherwise
    HooksFormat hooksFormat = HooksFormat::ClaudeSettings;
    QString instructionFile;  ///< e.g. ".claude/CLAUDE.md"; empty when the tool has none
    QString agentType;        ///< `agent_type` sent to the backend (`claude-internal` → `claude`)
    QString agentsDir;        ///< e.g. ".claude/agents"; empty when the tool has none
    QString hooksFile;        ///< the reference's hook file for any format; empty when it has none
    McpFormat mcpFormat = McpFormat::None;
    QString mcpConfig;        ///< user-scope MCP file (relative to HOME); empty: no MCP at user scope
    QString mcpProjectConfig; ///< project-scope MCP file (relative to the workspace); may be empty
    ToolUserScope userScope;  ///< user-scope overrides (opencode, copilot, omp)
    bool userBaseIsCopilotHome = false;  ///< user-scope paths are relative to $COPILOT_HOME (~/.copilot)

    /// @brief The tool's own folder (parent of its skills dir), e.g. ".claude". It names the
    /// install path of local_agent_id, as in the reference client.
    QString rootDir() const;
};

/// @brief The tools this agent knows, in SPEC order, then the reference client's other tools.
const QList<ToolInfo> &knownTools();

/// @brief Looks a tool up by name after normalizing it (case, surrounding spaces, `_` → `-`,
/// and the alias `claude-code` → `claude`). nullptr for an unknown tool.
const ToolInfo *findTool(const QString &name);

/// @brief The normalized form of a tool name (see findTool); empty input stays empty.
QString normalizeToolName(const QString &name);

/// @brief The `agent_type` of a tool name, as the reference maps it: `claude-internal` and
/// `tclaude` → `claude`, `codex-internal` and `tcodex` → `codex`; other names unchanged.
QString normalizeAgentType(const QString &name);

/// @brief All known tool names, in table order (for help texts and error messages).
QStringList knownToolNames();

/// @brief knownToolNames() joined with ", ".
QString knownToolList();

/// @brief knownToolNames() for a help text: ", "-separated, wrapped before @p width columns, each
/// line after the first indented by @p indent spaces.
QString wrappedToolList(int indent, int width = 92);

/// @brief The tool used when none is given: `workbuddy`.
const ToolInfo &defaultTool();

} // namespace teamai
