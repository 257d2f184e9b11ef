#include "agenthooks/HookSettingsFile.h"

#include "util/JsonFile.h"
#include "util/SafePath.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace teamai::agenthooks {
namespace {

const QString kHooks = QStringLiteral("hooks");
const QString kMatcher = QStringLiteral("matcher");

/// What a predicate is shown for @p hook of @p group (see groupDescriptionKey()).
QJsonObject probe(const QJsonValue &hook, const QJsonObject &group)
{
    QJsonObject object = hook.toObject();
    const QJsonValue description = group.value(QStringLiteral("description"));
    if (description.isString())
        object.insert(HookSettingsFile::groupDescriptionKey(), description);
    return object;
}

/// An event's list with the hooks a predicate claims taken out.
struct Filtered {
    QJsonArray kept;        // the other entries; a group that lost some hooks keeps the rest
    int dropped = 0;        // how many hooks were taken out
    qsizetype firstAt = -1; // where in kept the first entry that lost a hook was, or -1
};

/// @p group's hooks without those @p ours claims (Nested layout); @p dropped counts these.
QJsonArray groupHooksWithoutOurs(const QJsonObject &group, const HookSettingsFile::Predicate &ours, int *dropped)
{
    QJsonArray inner;
    for (const QJsonValue &hook : group.value(kHooks).toArray()) {
        if (hook.isObject() && ours(probe(hook, group)))
            ++*dropped;
        else
            inner.append(hook);
    }
    return inner;
}

/// @p list without the hooks @p ours claims; a group left without hooks goes as well.
Filtered withoutOurs(const QJsonArray &list, HookLayout layout, const HookSettingsFile::Predicate &ours)
{
    Filtered out;
    for (const QJsonValue &value : list) {
        const QJsonObject object = value.toObject();
        const int droppedBefore = out.dropped;
        const qsizetype keptBefore = out.kept.size();
        if (layout == HookLayout::Flat) {
            if (value.isObject() && ours(object))
                ++out.dropped;
            else
                out.kept.append(value);
        } else if (!value.isObject() || !object.value(kHooks).isArray()) {
            out.kept.append(value);
        } else {
            const QJsonArray inner = groupHooksWithoutOurs(object, ours, &out.dropped);
            if (out.dropped == droppedBefore) {
                out.kept.append(value);
            } else if (!inner.isEmpty()) {
                QJsonObject group = object;
                group.insert(kHooks, inner);
                out.kept.append(group);
            }
        }
        if (out.dropped != droppedBefore && out.firstAt < 0)
            out.firstAt = keptBefore;
    }
    return out;
}

/// True when @p ours claims exactly one hook in @p list and its entry (Flat: the hook, Nested:
/// its group) is @p wanted.
bool isSoleMatch(const QJsonArray &list, HookLayout layout, const HookSettingsFile::Predicate &ours, const QJsonObject &wanted)
{
    int matches = 0;
    bool matchIsWanted = false;
    for (const QJsonValue &value : list) {
        const QJsonObject object = value.toObject();
        if (layout == HookLayout::Flat) {
            if (value.isObject() && ours(object)) {
                ++matches;
                matchIsWanted = object == wanted;
            }
            continue;
        }
        for (const QJsonValue &inner : object.value(kHooks).toArray()) {
            if (inner.isObject() && ours(probe(inner, object))) {
                ++matches;
                matchIsWanted = object == wanted;
            }
        }
    }
    return matches == 1 && matchIsWanted;
}

} // namespace

HookSettingsFile::Loaded HookSettingsFile::load(const QString &path, HookLayout layout)
{
    Loaded loaded;
    loaded.file.m_path = path;
    loaded.file.m_layout = layout;
    const jsonfile::ObjectRead file = jsonfile::readObject(path);
    const QJsonObject &root = file.object;
    if (file.status == jsonfile::ReadStatus::Invalid) {
        loaded.error = file.error + QStringLiteral(" (left unchanged)");
        return loaded;
    }
    if (root.contains(kHooks) && !root.value(kHooks).isObject()) {
        loaded.error = QStringLiteral("%1: `hooks` is not an object (left unchanged)").arg(path);
        return loaded;
    }
    loaded.file.m_original = root;
    loaded.file.m_root = root;
    return loaded;
}

QStringList HookSettingsFile::removeHooks(const Predicate &ours, const QString &onlyEvent)
{
    QStringList removed;
    QJsonObject hooks = m_root.value(kHooks).toObject();
    const QStringList events = hooks.keys();
    for (const QString &event : events) {
        if ((!onlyEvent.isEmpty() && event != onlyEvent) || !hooks.value(event).isArray())
            continue;
        const Filtered filtered = withoutOurs(hooks.value(event).toArray(), m_layout, ours);
        if (filtered.dropped == 0)
            continue;
        for (int i = 0; i < filtered.dropped; ++i)
            removed.append(event);
        if (filtered.kept.isEmpty())
            hooks.remove(event);
        else
            hooks.insert(event, filtered.kept);
    }
    if (!removed.isEmpty()) {
        if (hooks.isEmpty())
            m_root.remove(kHooks);
        else
            m_root.insert(kHooks, hooks);
    }
    return removed;
}

bool HookSettingsFile::ensureHook(const QString &event, const QString &matcher, const QJsonObject &hook, const Predicate &ours,
                                  const QJsonObject &groupKeys)
{
    QJsonObject hooks = m_root.value(kHooks).toObject();
    const QJsonArray list = hooks.value(event).toArray();
    QJsonObject wanted = hook;
    if (m_layout == HookLayout::Flat && !matcher.isEmpty())
        wanted.insert(kMatcher, matcher);
    QJsonObject wantedGroup = groupKeys;
    wantedGroup.insert(kMatcher, matcher);
    wantedGroup.insert(kHooks, QJsonArray{hook});
    const QJsonObject entry = m_layout == HookLayout::Flat ? wanted : wantedGroup;

    // Already exactly right? Then the file is left alone.
    if (isSoleMatch(list, m_layout, ours, entry))
        return false;

    // Replace: drop every match; the new hook goes where the first one was.
    Filtered rebuilt = withoutOurs(list, m_layout, ours);
    if (rebuilt.firstAt < 0)
        rebuilt.kept.append(entry);
    else
        rebuilt.kept.insert(rebuilt.firstAt, entry);
    hooks.insert(event, rebuilt.kept);
    m_root.insert(kHooks, hooks);
    // Cursor wants a version; a file we start is given one.
    if (m_layout == HookLayout::Flat && !m_root.contains(QStringLiteral("version")))
        m_root.insert(QStringLiteral("version"), 1);
    return true;
}

QList<HookSettingsFile::Found> HookSettingsFile::findHooks(const Predicate &ours) const
{
    QList<Found> found;
    const QJsonObject hooks = m_root.value(kHooks).toObject();
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        for (const QJsonValue &value : it.value().toArray()) {
            const QJsonObject object = value.toObject();
            if (m_layout == HookLayout::Flat) {
                if (value.isObject() && ours(object))
                    found.append({it.key(), object.value(kMatcher).toString(), object});
                continue;
            }
            for (const QJsonValue &inner : object.value(kHooks).toArray()) {
                if (inner.isObject() && ours(probe(inner, object)))
                    found.append({it.key(), object.value(kMatcher).toString(), inner.toObject()});
            }
        }
    }
    return found;
}

Status HookSettingsFile::saveIfChanged() const
{
    if (!changed())
        return {};
    // Never through a link out of the tool's folder (user scope) or the workspace (project scope).
    return safepath::writeFile(safepath::writeBaseOfToolFile(m_path), m_path, QJsonDocument(m_root).toJson(QJsonDocument::Indented),
                               jsonfile::kPrivateFile, safepath::Mode::KeepExisting);
}

} // namespace teamai::agenthooks
