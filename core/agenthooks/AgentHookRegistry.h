#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace teamai::agenthooks {

/// @brief One hook rule TeamAI wrote into an agent's settings for the backend.
struct HookRuleRecord {
    QString tool;
    QString slug;
    QString event;          ///< as the command gave it
    QString agentEvent;     ///< the name written into the settings file
    QString matcher;
    QString command;
    int timeoutSeconds = 10;
    QString settingsPath;   ///< the file it went into
    QString scopeKey;       ///< "user" or "project:<workspace>"
    QString installedAt;
    /// Taken out of the settings file by the kill switch (the definition stays here, so that
    /// enabling remote commands puts it back); docs/agent-hooks.md "Withdrawn rules".
    bool withdrawn = false;
    QString withdrawnAt;
    QString withdrawnBecause;  ///< RemoteCommandGate::reasonName(): env, user, policy
    /// Written by the reference client (no `settings_path`): its Claude-format entry is tagged with
    /// the group's `description`, its Codex-format entry by the command alone.
    bool byReference = false;

    QJsonObject toJson() const;
    static HookRuleRecord fromJson(const QString &tool, const QString &slug, const QJsonObject &object);
};

/// @brief `~/.teamai/local-agent/agent-hooks.json`: which hook rules TeamAI installed, so that
/// an uninstall (of one rule, or of TeamAI) removes exactly those. Format: the reference client's
/// `{"<slug>": {"tool", "event", "command", "matcher", "timeout", …our keys}}` (docs/agent-hooks.md);
/// our former `{"version": 1, "rules": {"<tool>": {"<slug>": {…}}}}` is migrated on load; keys we
/// do not know are kept on write. A value type: load, change, save (under InstallLock).
class AgentHookRegistry
{
public:
    static QString defaultPath();

    struct Loaded;
    static Loaded load(const QString &path = defaultPath());
    static AgentHookRegistry fromRoot(const QJsonObject &root);
    QJsonObject root() const { return m_root; }
    Status save(const QString &path = defaultPath()) const;

    std::optional<HookRuleRecord> find(const QString &tool, const QString &slug) const;
    void put(const HookRuleRecord &record);
    void remove(const QString &tool, const QString &slug);
    QList<HookRuleRecord> forTool(const QString &tool) const;
    /// @brief Every rule of every tool, by tool then slug.
    QList<HookRuleRecord> all() const;

private:
    /// @brief The top-level key holding @p tool's rule @p slug; empty when there is none.
    QString keyOf(const QString &tool, const QString &slug) const;
    QJsonObject m_root;
};

struct AgentHookRegistry::Loaded {
    AgentHookRegistry registry;
    QString error;  ///< the file exists but cannot be read: nothing may be written over it
    bool needsMigration = false;  ///< it is in our former shape: save() writes the reference's
};

} // namespace teamai::agenthooks
