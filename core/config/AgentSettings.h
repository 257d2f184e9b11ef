#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>

namespace teamai {

/// @brief The agent's own settings, `~/.teamai/local-agent/settings.json` (not part of the
/// reference client's format):
/// @code
/// { "tokenLocation": "none" | "keychain" | "file",
///   "tokenGeneration": "9f0c…",
///   "remoteCommands": { "enabled": true, "changedBy": "tray", "changedAt": "2024-…Z" },
///   "syncIntervalMinutes": 5,
///   "enabledAgents": ["claude", "codex"],
///   "historyRetentionDays": 90,
///   "historyMaxCommands": 100000,
///   "mutedNotifications": ["succeeded"],
///   "commandOutputWindowBytes": 1048576,
///   "agentsSeeAllCommands": false }
/// @endcode
/// Every field is optional (defaults: none, enabled, 5, no agents, 90 days, 100,000 commands). What changes on every sync
/// (the last sync's outcome) lives in the ledger instead, so a hook never rewrites this file. Unknown fields
/// are kept across load/save. There is no cache: load() always reads the disk, so a switch flipped
/// by one process is seen by the next load() of any other. Use update() for read-modify-write: it
/// holds a lock file so two processes cannot lose each other's change (the tray saving its settings
/// must not undo `teamai remote-cmd disable`).
class AgentSettings
{
public:
    AgentSettings() = default;

    /// @brief Where the API token was saved; decided at save time so a hook never probes.
    enum class TokenLocation { None, Keychain, File };

    /// @brief The user's remote-command switch (SPEC §5 kill switch).
    struct RemoteCommandSwitch {
        bool enabled = true;
        /// False when the user never chose; an unlocked admin policy may then set the default.
        bool explicitlySet = false;
        QString changedBy; ///< "cli", "tray", …
        QString changedAt; ///< ISO-8601 UTC
    };

    struct Loaded;

    static constexpr int kDefaultSyncIntervalMinutes = 5;
    static constexpr int kMaxSyncIntervalMinutes = 24 * 60;
    static constexpr int kDefaultHistoryRetentionDays = 90;
    static constexpr int kMaxHistoryRetentionDays = 3650;
    static constexpr qint64 kDefaultHistoryMaxCommands = 100000;
    static constexpr qint64 kMinHistoryMaxCommands = 100;
    static constexpr qint64 kMaxHistoryMaxCommands = 10000000;

    /// @brief `<agent state dir>/settings.json` (honours TEAMAI_HOME).
    static QString defaultPath();

    /// @brief Reads @p path now (never cached). Missing → defaults, exists=false. Invalid JSON or
    /// a field of the wrong type → error naming file and field, defaults, file untouched.
    static Loaded load(const QString &path = defaultPath());

    /// @brief Writes atomically with mode 0600 (folder 0700).
    Status save(const QString &path = defaultPath()) const;

    /// @brief Locked read-modify-write: loads @p path, applies @p change, saves. Refuses (with
    /// the reason) when the file is invalid, rather than overwriting what the user wrote.
    static Status update(const std::function<void(AgentSettings &)> &change, const QString &path = defaultPath());

    QJsonObject toJson() const { return m_json; }

    TokenLocation tokenLocation() const;
    void setTokenLocation(TokenLocation location);
    /// @brief "none", "keychain" or "file": the spelling used in the file and in messages.
    static QString tokenLocationName(TokenLocation location);

    /// @brief Changes whenever the token is saved or removed (TokenStore): the session token
    /// cache (TokenCache) answers only for the generation it was written at. Random, not a
    /// counter, so a settings.json removed and written anew never repeats an old value. Read
    /// leniently: anything but a string reads as empty.
    QString tokenGeneration() const;
    /// @brief Sets a new random generation.
    void renewTokenGeneration();

    RemoteCommandSwitch remoteCommands() const;
    /// @brief Sets the switch and stamps who changed it and when (now, UTC).
    void setRemoteCommandsEnabled(bool enabled, const QString &changedBy,
                                  const QDateTime &at = QDateTime::currentDateTimeUtc());

    int syncIntervalMinutes() const;
    /// @brief Clamped to 1…kMaxSyncIntervalMinutes.
    void setSyncIntervalMinutes(int minutes);

    /// @brief Finished commands older than this many days are pruned by the worker (1…3650).
    int historyRetentionDays() const;
    /// @brief At most this many commands are kept; the oldest finished ones beyond are pruned
    /// by the worker (100…10,000,000).
    qint64 historyMaxCommands() const;

    QStringList enabledAgents() const;
    void setEnabledAgents(const QStringList &agents);

    /// @brief The tray's notification kinds the user turned off ("blocked", "failed",
    /// "installed", "succeeded"). Read leniently (a malformed value reads as none, never as an
    /// error) so that this cosmetic field can never make the kill switch unreadable.
    QStringList mutedNotifications() const;
    void setMutedNotifications(const QStringList &kinds);

    static constexpr qint64 kDefaultCommandOutputWindowBytes = 1024 * 1024;
    static constexpr qint64 kMinCommandOutputWindowBytes = 4096;
    static constexpr qint64 kMaxCommandOutputWindowBytes = 64 * 1024 * 1024;
    /// @brief How much of each output stream of a running command is kept in its output files
    /// for readers in other processes (core/output). Read leniently: a missing or malformed value
    /// is the default, a number out of range is clamped.
    qint64 commandOutputWindowBytes() const;

    /// @brief Whether a reader for one agent tool (an MCP server started for claude, say) may
    /// see the commands and output of another tool's commands. Off by default; read leniently,
    /// so anything but `true` is off (the safe side).
    bool agentsSeeAllCommands() const;
    void setAgentsSeeAllCommands(bool allowed);

private:
    explicit AgentSettings(QJsonObject json) : m_json(std::move(json)) {}
    static Status validate(const QJsonObject &json);

    QJsonObject m_json;
};

struct AgentSettings::Loaded {
    AgentSettings settings;
    bool exists = false;
    QString error;
};

} // namespace teamai
