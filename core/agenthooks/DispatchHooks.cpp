#include "agenthooks/DispatchHooks.h"

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
    if (!lock.acquire(&change.error))
        return change;
    HookSettingsFile::Loaded loaded = HookSettingsFile::load(change.settingsPath, layoutFor(tool));
    if (!loaded.error.isEmpty()) {
        change.error = loaded.error;
        return change;
    }
    change.events = edit(loaded.file);
    change.ok = loaded.file.saveIfChanged(&change.error, &change.written);
    return change;
}

} // namespace

QString tag()
{
    return QStringLiteral("[teamai]");
}

QString quoteProgram(const QString &path)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_./:+@%=,-]+$"));
    if (safe.match(path).hasMatch())
        return path;
#ifdef Q_OS_WIN
    // cmd.exe and PowerShell both take a double-quoted program path; `"` cannot occur in one.
    return u'"' + path + u'"';
#else
    QString quoted = path;
    quoted.replace(u'\'', QLatin1String("'\\''"));
    return u'\'' + quoted + u'\'';
#endif
}

QString command(const QString &teamaiPath, const QString &event, const ToolInfo &tool)
{
    return QStringLiteral("%1 --hook %2 --tool %3").arg(quoteProgram(teamaiPath), event, tool.name);
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
    // closing quote, then `--hook` or `hook-dispatch` as the next word.
    static const QRegularExpression pattern(QStringLiteral(
        "(?:^|[\\s'\"/\\\\])teamai(?:-cli)?(?:\\.exe|\\.cmd)?['\"]?\\s+(?:--hook|hook-dispatch)(?:$|[\\s'\"=])"));
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
            if (file.ensureHook(agentEvent, QString(), hookObject(teamaiPath, event, tool), isDispatchHook))
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

QStringList installed(const ToolInfo &tool, const QString &baseDir, QString *error)
{
    QStringList lines;
    if (tool.hooksSettings.isEmpty())
        return lines;
    const HookSettingsFile::Loaded loaded = HookSettingsFile::load(settingsPathFor(tool, baseDir), layoutFor(tool));
    if (!loaded.error.isEmpty()) {
        if (error)
            *error = loaded.error;
        return lines;
    }
    for (const HookSettingsFile::Found &found : loaded.file.findHooks(isDispatchHook))
        lines.append(QStringLiteral("%1: %2").arg(found.event, found.hook.value(QStringLiteral("command")).toString()));
    return lines;
}

} // namespace teamai::agenthooks::dispatch
