#include "tools/ToolTable.h"

namespace teamai {

QString ToolInfo::rootDir() const
{
    return skillsDir.section(u'/', 0, -2);
}

const QList<ToolInfo> &knownTools()
{
    static const QList<ToolInfo> tools = {
        {QStringLiteral("claude"), QStringLiteral(".claude/skills"), QStringLiteral(".claude/rules"),
         QStringLiteral(".claude/settings.json"), HooksFormat::ClaudeSettings, QStringLiteral(".claude/CLAUDE.md")},
        {QStringLiteral("codex"), QStringLiteral(".codex/skills"), QStringLiteral(".codex/rules"),
         QStringLiteral(".codex/hooks.json"), HooksFormat::HooksJson, QString()},
        {QStringLiteral("codebuddy"), QStringLiteral(".codebuddy/skills"), QStringLiteral(".codebuddy/rules"),
         QStringLiteral(".codebuddy/settings.json"), HooksFormat::ClaudeSettings, QStringLiteral(".codebuddy/CODEBUDDY.md")},
        {QStringLiteral("workbuddy"), QStringLiteral(".workbuddy/skills"), QStringLiteral(".workbuddy/rules"),
         QStringLiteral(".workbuddy/settings.json"), HooksFormat::ClaudeSettings, QStringLiteral("AGENTS.md")},
        {QStringLiteral("cursor"), QStringLiteral(".cursor/skills"), QStringLiteral(".cursor/rules"),
         QStringLiteral(".cursor/hooks.json"), HooksFormat::HooksJson, QString()},
        {QStringLiteral("claude-internal"), QStringLiteral(".claude-internal/skills"), QStringLiteral(".claude-internal/rules"),
         QStringLiteral(".claude-internal/settings.json"), HooksFormat::ClaudeSettings, QStringLiteral(".claude-internal/CLAUDE.md")},
    };
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

const ToolInfo *findTool(const QString &name)
{
    const QString normalized = normalizeToolName(name);
    for (const ToolInfo &tool : knownTools()) {
        if (tool.name == normalized)
            return &tool;
    }
    return nullptr;
}

const ToolInfo &defaultTool()
{
    return *findTool(QStringLiteral("workbuddy"));
}

} // namespace teamai
