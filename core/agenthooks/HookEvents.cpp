#include "agenthooks/HookEvents.h"

#include "tools/ToolTable.h"

#include <QRegularExpression>

namespace teamai::agenthooks {
namespace {

/// One row per dispatch event: ours, the Claude family's name, Cursor's name.
struct EventNames {
    const char *ours;
    const char *nested;
    const char *flat;
};

constexpr EventNames kEventTable[] = {
    {"session-start", "SessionStart", "sessionStart"},
    {"prompt-submit", "UserPromptSubmit", "beforeSubmitPrompt"},
    {"post-tool-use", "PostToolUse", "postToolUse"},
    {"stop", "Stop", "stop"},
};

} // namespace

HookLayout layoutFor(const ToolInfo &tool)
{
    return tool.name == QLatin1String("cursor") ? HookLayout::Flat : HookLayout::Nested;
}

const QStringList &dispatchEvents()
{
    static const QStringList events = [] {
        QStringList list;
        for (const EventNames &row : kEventTable)
            list.append(QString::fromLatin1(row.ours));
        return list;
    }();
    return events;
}

QString agentEventName(const ToolInfo &tool, const QString &event)
{
    const bool flat = layoutFor(tool) == HookLayout::Flat;
    const QString name = event.trimmed();
    for (const EventNames &row : kEventTable) {
        if (name == QLatin1String(row.ours) || name == QLatin1String(row.nested) || name == QLatin1String(row.flat))
            return QString::fromLatin1(flat ? row.flat : row.nested);
    }
    // Any other event the agent may know (PreToolUse, SessionEnd, preToolUse…): the Claude family
    // writes it capitalised, Cursor in camel case.
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z][A-Za-z0-9]{0,63}\\z"));
    if (!identifier.match(name).hasMatch())
        return {};
    return flat ? name.left(1).toLower() + name.mid(1) : name.left(1).toUpper() + name.mid(1);
}

} // namespace teamai::agenthooks
