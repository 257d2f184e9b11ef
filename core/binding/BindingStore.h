#pragma once

#include "config/AgentConfig.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace teamai::binding {

/// @brief Reads and changes the workspace bindings in config.json, which the reference client
/// shares: every change is a locked read-modify-write of the whole file (a lock file next to it,
/// so two hooks binding at once do not lose each other's entry), written atomically with the
/// config's owner-only mode, every other field kept — the reference's unknown ones too.
///
/// Each read applies bindings::normalize() (legacy entries dropped, keys made canonical), as
/// the reference does when it loads the file; update() writes that back only when it, or the
/// change, altered something.
class BindingStore
{
public:
    /// @brief What read() or update() came to.
    struct Outcome {
        bool ok = false;
        QString error;           ///< one sentence for the user when !ok; the file is unchanged
        QJsonObject bindings;    ///< the bindings after the change (or as read)
        AgentConfig config;      ///< the whole configuration as saved (or as read)
        bool written = false;    ///< the file was rewritten
        int legacyDropped = 0;   ///< legacy group-based entries left out (dropped from the file when written)
    };

    /// @brief @p path: the config.json to use; @p lockTimeoutMs: how long to wait for another
    /// process holding the lock (a foreground hook waits little).
    explicit BindingStore(QString path = AgentConfig::defaultPath(), int lockTimeoutMs = 2000);

    /// @brief The bindings now. Fails when config.json is missing, has no endpoint, or is invalid.
    Outcome read() const;

    /// @brief Applies @p change (returning whether it changed anything) to the bindings and saves.
    Outcome update(const std::function<bool(QJsonObject &bindings)> &change) const;

private:
    Outcome load() const;

    QString m_path;
    int m_lockTimeoutMs;
};

} // namespace teamai::binding
