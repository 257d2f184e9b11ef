#include "agenthooks/DispatchHooks.h"

#include "agenthooks/DispatchHooks_platform.h"
#include "agenthooks/HookSettingsFile.h"
#include "resources/InstallLock.h"
#include "tools/ToolTable.h"

#include <QRegularExpression>

#include <functional>

namespace teamai::agenthooks::dispatch {
namespace {

// Dispatch hooks must never hold an agent up: foreground events finish within 4.5 s anyway.
constexpr int kTimeoutSeconds = 10;

const QString kTagKey = QStringLiteral("_teamai");

QString settingsPathFor(const ToolInfo &tool, const QString &baseDir)
{
    return baseDir + u'/' + tool.hooksSettings;
}

/// The shared part of every change to a tool's hook settings: under the install lock, load
/// the file, let @p edit change it (returning the events it touched), save it if it changed.
Change editSettings(const ToolInfo &tool, const QString &baseDir, const std::function<QStringList(HookSettingsFile &)> &edit)
{
    Change change;
    if (tool.hooksSettings.isEmpty()) {  // a hook shape we do not write (ToolInfo::hooksFormat): nothing to do
        change.ok = true;
        return change;
    }
    change.settingsPath = settingsPathFor(tool, baseDir);
    resources::InstallLock lock;
    if (const Status locked = lock.acquire(); !locked) {
        change.error = locked.error();
        return change;
    }
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(change.settingsPath, layoutFor(tool));
    if (!loaded.error.isEmpty()) {
        change.error = loaded.error;
        return change;
    }
    change.events = edit(loaded.file);
    const Status saved = loaded.file.saveIfChanged();
    change.ok = saved.ok();
    change.error = saved.error();
    change.written = saved && loaded.file.changed();
    return change;
}

/// teamai-cli's dispatch group tag: `[teamai]` alone or followed by a key.
bool isReferenceDescription(const QString &description)
{
    return description == tag() || description.startsWith(tag() + u' ');
}

} // namespace

QString tag()
{
    return QStringLiteral("[teamai]");
}

bool isShellSafe(const QString &text)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_./:+@%=,-]+\\z"));
    return safe.match(text).hasMatch();
}

QString quoteProgram(const QString &path)
{
    return isShellSafe(path) ? path : platform::quoteUnsafeProgram(path);
}

QString command(const QString &teamaiPath, const QString &event, const ToolInfo &tool)
{
    return QStringLiteral("%1 hook-dispatch %2 --tool %3").arg(quoteProgram(teamaiPath), event, tool.name);
}

QString groupDescription(const QString &event)
{
    // teamai-cli's builtin keys (its post-tool-use entry for every tool is the "wildcard" one).
    const QString key = event == QLatin1String("post-tool-use") ? QStringLiteral("post-tool-use wildcard") : event;
    return QStringLiteral("%1 Hook dispatch %2").arg(tag(), key);
}

QJsonObject hookObject(const QString &teamaiPath, const QString &event, const ToolInfo &tool)
{
    QJsonObject hook;
    if (layoutFor(tool) == HookLayout::Nested)
        hook.insert(QStringLiteral("type"), QStringLiteral("command"));
    hook.insert(QStringLiteral("command"), command(teamaiPath, event, tool));
    hook.insert(QStringLiteral("timeout"), kTimeoutSeconds);
    hook.insert(kTagKey, tag());
    return hook;
}

bool isDispatchCommand(const QString &command)
{
    // `teamai` as a whole file name (after a separator, a quote or the start), an optional
    // closing quote, then as the next word `--hook`, `hook-dispatch`, or one of the hook
    // subcommands older teamai-cli versions wrote (its TEAMAI_COMMAND_MARKERS).
    static const QRegularExpression pattern(QStringLiteral(
        "(?:^|[\\s'\"/\\\\])teamai(?:-cli)?(?:\\.exe|\\.cmd)?['\"]?\\s+"
        "(?:--hook|hook-dispatch|pull|update|track|track-slash|dashboard|dashboard-report|contribute-check|auto-recall"
        "|todowrite-hint|mr-hint)(?:$|[\\s'\"=])"));
    return pattern.match(command).hasMatch();
}

bool isDispatchHook(const QJsonObject &hook)
{
    const QString tagValue = hook.value(kTagKey).toString();
    if (tagValue == tag())
        return true;
    // A hook rule pushed by the backend is never a dispatch hook, whatever it runs.
    if (tagValue.startsWith(QLatin1String("[teamai:")))
        return false;
    // teamai-cli tags its dispatch groups `"description": "[teamai] Hook dispatch …"`.
    if (isReferenceDescription(hook.value(HookSettingsFile::groupDescriptionKey()).toString()))
        return true;
    return isDispatchCommand(hook.value(QStringLiteral("command")).toString());
}

Change install(const ToolInfo &tool, const QString &baseDir, const QString &teamaiPath)
{
    return editSettings(tool, baseDir, [&](HookSettingsFile &file) {
        QStringList added;
        QStringList ourEvents;
        for (const QString &event : dispatchEvents()) {
            const QString agentEvent = agentEventName(tool, event);
            ourEvents.append(agentEvent);
            // The group's description is teamai-cli's tag: its init and uninstall see the group as TeamAI's.
            const QJsonObject groupKeys = layoutFor(tool) == HookLayout::Nested
                ? QJsonObject{{QStringLiteral("description"), groupDescription(event)}} : QJsonObject();
            if (file.ensureHook(agentEvent, QString(), hookObject(teamaiPath, event, tool), isDispatchHook, groupKeys))
                added.append(agentEvent);
        }
        // Dispatch hooks on any other event (an older client's) would run a second, stray dispatch.
        for (const HookSettingsFile::Found &found : file.findHooks(isDispatchHook)) {
            if (!ourEvents.contains(found.event))
                file.removeHooks(isDispatchHook, found.event);
        }
        return added;
    });
}

Change uninstall(const ToolInfo &tool, const QString &baseDir)
{
    return editSettings(tool, baseDir, [](HookSettingsFile &file) { return file.removeHooks(isDispatchHook); });
}

Result<QStringList> installed(const ToolInfo &tool, const QString &baseDir)
{
    QStringList lines;
    if (tool.hooksSettings.isEmpty())
        return lines;
    const HookSettingsFile::Loaded loaded = HookSettingsFile::load(settingsPathFor(tool, baseDir), layoutFor(tool));
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    for (const HookSettingsFile::Found &found : loaded.file.findHooks(isDispatchHook))
        lines.append(QStringLiteral("%1: %2").arg(found.event, found.hook.value(QStringLiteral("command")).toString()));
    return lines;
}

} // namespace teamai::agenthooks::dispatch
