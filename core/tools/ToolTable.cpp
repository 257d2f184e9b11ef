#include "tools/ToolTable.h"

#include <QHash>

namespace teamai {
namespace {

/// One row of the tool table: the reference client's (teamai-cli 0.25) `toolPaths` defaults,
/// hook formats and MCP formats, as data. nullptr = the tool has no such path.
struct ToolRow {
    const char *name;
    const char *skills;
    const char *rules;
    const char *instruction;
    const char *agents;
    HooksFormat hooksFormat;
    const char *hooksFile;
    McpFormat mcpFormat;
    const char *mcp;
    const char *mcpProject;
    ToolUserScope userScope;
    bool copilotHome;
};

using H = HooksFormat;
using M = McpFormat;

// The first six are SPEC §4's table (same order); the rest come from the reference client.
const ToolRow kRows[] = {
    {"claude", ".claude/skills", ".claude/rules", ".claude/CLAUDE.md", ".claude/agents",
     H::ClaudeSettings, ".claude/settings.json", M::Claude, ".claude.json", ".mcp.json", {}, false},
    {"codex", ".codex/skills", ".codex/rules", nullptr, ".codex/agents",
     H::HooksJson, ".codex/hooks.json", M::Codex, ".codex/config.toml", nullptr, {}, false},
    {"codebuddy", ".codebuddy/skills", ".codebuddy/rules", ".codebuddy/CODEBUDDY.md", ".codebuddy/agents",
     H::ClaudeSettings, ".codebuddy/settings.json", M::Buddy, ".codebuddy/mcp.json", ".mcp.json", {}, false},
    {"workbuddy", ".workbuddy/skills", ".workbuddy/rules", "AGENTS.md", nullptr,
     H::ClaudeSettings, ".workbuddy/settings.json", M::Buddy, ".workbuddy/mcp.json", ".workbuddy/mcp.json", {}, false},
    {"cursor", ".cursor/skills", ".cursor/rules", nullptr, ".cursor/agents",
     H::HooksJson, ".cursor/hooks.json", M::Cursor, ".cursor/mcp.json", ".cursor/mcp.json", {}, false},
    {"claude-internal", ".claude-internal/skills", ".claude-internal/rules", ".claude-internal/CLAUDE.md", ".claude-internal/agents",
     H::ClaudeSettings, ".claude-internal/settings.json", M::Claude, nullptr, nullptr, {}, false},
    {"codex-internal", ".codex-internal/skills", ".codex-internal/rules", nullptr, ".codex-internal/agents",
     H::HooksJson, ".codex-internal/hooks.json", M::Codex, nullptr, nullptr, {}, false},
    // tclaude relocates Claude's whole user data dir, so its MCP file is ~/.tclaude/.claude.json.
    {"tclaude", ".tclaude/skills", ".tclaude/rules", ".tclaude/CLAUDE.md", ".tclaude/agents",
     H::ClaudeSettings, ".tclaude/settings.json", M::Claude, ".tclaude/.claude.json", nullptr, {}, false},
    {"tcodex", ".tcodex/skills", ".tcodex/rules", nullptr, ".tcodex/agents",
     H::HooksJson, ".tcodex/hooks.json", M::Codex, nullptr, nullptr, {}, false},
    // Copilot: project files under .github; user files under $COPILOT_HOME (default ~/.copilot).
    {"copilot", ".github/skills", ".github/instructions", ".github/copilot-instructions.md", ".github/agents",
     H::CopilotHooks, ".github/hooks/teamai.json", M::Copilot, "mcp-config.json", ".github/mcp.json",
     {QStringLiteral("skills"), QStringLiteral("instructions"), QStringLiteral("agents"), QStringLiteral("hooks/teamai.json"),
      QStringLiteral("copilot-instructions.md")}, true},
    {"joycode", ".joycode/skills", ".joycode/rules", nullptr, ".joycode/agents",
     H::None, nullptr, M::None, nullptr, nullptr, {}, false},
    {"qoder", ".qoder/skills", ".qoder/rules", nullptr, ".qoder/agents",
     H::ClaudeSettings, ".qoder/settings.json", M::Claude, ".qoder/settings.json", ".qoder/settings.json", {}, false},
    // Kiro keeps hooks inside each agent config (`hooks.agentSpawn`), rules in "steering".
    {"kiro", ".kiro/skills", ".kiro/steering", nullptr, ".kiro/agents",
     H::KiroAgents, nullptr, M::Claude, ".kiro/settings/mcp.json", ".kiro/settings/mcp.json", {}, false},
    {"zcode", ".zcode/skills", nullptr, nullptr, ".zcode/agents",
     H::ZcodeConfig, ".zcode/cli/config.json", M::Claude, ".agents/mcp.json", nullptr, {}, false},
    // Oh My Pi: user-scope resources live in ~/.omp/agent/, project ones in <root>/.omp/.
    {"omp", ".omp/skills", ".omp/rules", ".omp/AGENTS.md", ".omp/agents",
     H::OmpExtension, ".omp/agent/extensions/teamai-hooks.ts", M::Claude, ".omp/agent/mcp.json", ".omp/mcp.json",
     {QStringLiteral(".omp/agent/skills"), QStringLiteral(".omp/agent/rules"), QStringLiteral(".omp/agent/agents"), QString(),
      QStringLiteral(".omp/agent/AGENTS.md")}, false},
    {"openclaw", ".openclaw/skills", ".openclaw/rules", ".openclaw/workspace/AGENTS.md", nullptr,
     H::OpenclawPlugin, nullptr, M::None, nullptr, nullptr, {}, false},
    {"hermes", ".hermes/skills", nullptr, "AGENTS.md", nullptr,
     H::HermesConfig, ".hermes/config.yaml", M::None, nullptr, nullptr, {}, false},
    {"dsh", ".dsh/skills", nullptr, nullptr, nullptr, H::None, nullptr, M::None, nullptr, nullptr, {}, false},
    // OpenCode: user config lives in ~/.config/opencode/, project config in <root>/.opencode/.
    {"opencode", ".opencode/skills", ".opencode/rules", nullptr, ".opencode/agents",
     H::OpencodePlugin, nullptr, M::Opencode, ".config/opencode/opencode.json", "opencode.json",
     {QStringLiteral(".config/opencode/skills"), QStringLiteral(".config/opencode/rules"), QStringLiteral(".config/opencode/agents"),
      QString(), QString()}, false},
};

QString text(const char *value)
{
    return value ? QString::fromLatin1(value) : QString();
}

/// Only these formats have a writer here (agenthooks): hooksSettings stays empty for the others,
/// so every existing caller skips them instead of writing a file in the wrong shape.
bool hasOurHookWriter(HooksFormat format)
{
    return format == HooksFormat::ClaudeSettings || format == HooksFormat::HooksJson;
}

ToolInfo toolFrom(const ToolRow &row)
{
    ToolInfo tool;
    tool.name = text(row.name);
    tool.skillsDir = text(row.skills);
    tool.rulesDir = text(row.rules);
    tool.hooksFormat = row.hooksFormat;
    tool.hooksFile = text(row.hooksFile);
    tool.hooksSettings = hasOurHookWriter(row.hooksFormat) ? tool.hooksFile : QString();
    tool.instructionFile = text(row.instruction);
    tool.agentType = normalizeAgentType(tool.name);
    tool.agentsDir = text(row.agents);
    tool.mcpFormat = row.mcpFormat;
    tool.mcpConfig = text(row.mcp);
    tool.mcpProjectConfig = text(row.mcpProject);
    tool.userScope = row.userScope;
    tool.userBaseIsCopilotHome = row.copilotHome;
    return tool;
}

} // namespace

QString ToolInfo::rootDir() const
{
    return skillsDir.section(u'/', 0, -2);
}

const QList<ToolInfo> &knownTools()
{
    static const QList<ToolInfo> tools = [] {
        QList<ToolInfo> list;
        for (const ToolRow &row : kRows)
            list.append(toolFrom(row));
        return list;
    }();
    return tools;
}

QString normalizeToolName(const QString &name)
{
    QString normalized = name.trimmed().toLower();
    normalized.replace(u'_', u'-');
    if (normalized == QLatin1String("claude-code"))
        normalized = QStringLiteral("claude");
    return normalized;
}

QString normalizeAgentType(const QString &name)
{
    static const QHash<QString, QString> aliases = {
        {QStringLiteral("claude-internal"), QStringLiteral("claude")},
        {QStringLiteral("tclaude"), QStringLiteral("claude")},
        {QStringLiteral("codex-internal"), QStringLiteral("codex")},
        {QStringLiteral("tcodex"), QStringLiteral("codex")},
    };
    return aliases.value(name, name);
}

const ToolInfo *findTool(const QString &name)
{
    const QString normalized = normalizeToolName(name);
    for (const ToolInfo &tool : knownTools()) {
        if (tool.name == normalized)
            return &tool;
    }
    return nullptr;
}

QStringList knownToolNames()
{
    QStringList names;
    for (const ToolInfo &tool : knownTools())
        names.append(tool.name);
    return names;
}

QString knownToolList()
{
    return knownToolNames().join(QStringLiteral(", "));
}

QString wrappedToolList(int indent, int width)
{
    QString out;
    int column = indent;
    const QStringList names = knownToolNames();
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString item = names.at(i) + (i + 1 < names.size() ? QStringLiteral(",") : QString());
        if (i > 0 && column + 1 + item.size() > width) {
            out += u'\n' + QString(indent, u' ');
            column = indent;
        } else if (i > 0) {
            out += u' ';
            ++column;
        }
        out += item;
        column += int(item.size());
    }
    return out;
}

const ToolInfo &defaultTool()
{
    return *findTool(QStringLiteral("workbuddy"));
}

} // namespace teamai
