#pragma once

#include "agenthooks/HookEvents.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace teamai::agenthooks {

/// @brief One agent's hooks settings file (`settings.json` or `hooks.json`), edited entry by
/// entry so that every key and every hook that is not ours stays as it was.
///
/// A "hook" here is the object that runs one command: the inner `{"type": "command", …}` object
/// in the Nested layout, the `{"command": …}` entry in the Flat one. Callers recognise their own
/// hooks with a predicate. Use: load(), change, saveIfChanged() — a file that did not change is
/// not rewritten, which keeps `teamai init` idempotent down to the modification time.
class HookSettingsFile
{
public:
    using Predicate = std::function<bool(const QJsonObject &hook)>;

    /// @brief In the Nested layout a predicate sees the hook with its group's `description` (the
    /// reference client's tag) under this key; the key is never written.
    static QString groupDescriptionKey() { return QStringLiteral("\u0001group-description"); }

    /// @brief One hook found in the file.
    struct Found {
        QString event;
        QString matcher;
        QJsonObject hook;
    };

    struct Loaded;
    /// @brief Reads @p path; a missing file is an empty settings object. Invalid JSON, or a
    /// `hooks` that is not an object, is an error: such a file is never rewritten.
    static Loaded load(const QString &path, HookLayout layout);

    /// @brief Removes every hook @p ours matches (in @p onlyEvent, or in all events), then the
    /// groups, event lists and the `hooks` object that this left empty. Returns the event of each
    /// removed hook.
    QStringList removeHooks(const Predicate &ours, const QString &onlyEvent = {});

    /// @brief Makes @p hook the one hook of @p event that @p ours matches, with @p matcher:
    /// nothing changes when it already is; otherwise the matching hooks go and @p hook takes the
    /// place of the first of them (or is appended). Returns true when the file changed.
    /// @p groupKeys (Nested layout) are extra keys of the hook's group, e.g. `description`.
    bool ensureHook(const QString &event, const QString &matcher, const QJsonObject &hook, const Predicate &ours,
                    const QJsonObject &groupKeys = {});

    /// @brief Every hook @p ours matches.
    QList<Found> findHooks(const Predicate &ours) const;

    bool changed() const { return m_root != m_original; }
    /// @brief Writes the file atomically when it changed (keeping its permissions; a new file is
    /// 0600); so it wrote when changed() and this succeeded. Refused, writing nothing, when the
    /// path leaves its base folder through a link (SafePath; base = the tool folder under HOME,
    /// or the workspace).
    Status saveIfChanged() const;

    QString path() const { return m_path; }
    QJsonObject json() const { return m_root; }

private:
    QString m_path;
    HookLayout m_layout = HookLayout::Nested;
    QJsonObject m_original;
    QJsonObject m_root;
};

struct HookSettingsFile::Loaded {
    HookSettingsFile file;
    QString error;
};

} // namespace teamai::agenthooks
