#pragma once

#include "config/AdminPolicy.h"
#include "config/AgentSettings.h"

#include <QString>

#include <optional>

namespace teamai {

/// @brief The remote-command kill switch (SPEC §5): decides whether pushed commands
/// (uninstall_teamai/cmd, hook rules and MCP server installs) may run on this machine. Resource
/// installs are not gated.
///
/// Order of precedence (docs/security.md, "The kill switch and the admin policy"):
///  1. TEAMAI_DISABLE_REMOTE_CMD set to 1, true or yes (any case) disables — always, even under a
///     policy that locks remote commands enabled;
///  2. an admin policy with `locked: true` — either way, and an invalid policy counts as locked
///     disabled;
///  3. the user's switch in AgentSettings (tray toggle, `teamai remote-cmd enable|disable`);
///  4. when the user never chose: the unlocked policy's `enabled` as the default, else enabled.
/// An invalid settings.json disables remote commands (fail closed: it may hold a "disabled").
/// Every evaluate() reads the files anew, so a change by one process is seen by all at once.
class RemoteCommandGate
{
public:
    struct Decision {
        bool allowed = true;
        enum class Reason { None, Env, User, Policy } reason = Reason::None;
        /// True when the administrator's policy fixes the outcome (the tray shows it as locked);
        /// false when the environment decided, even if a policy is locked too.
        bool locked = false;
        /// One line for people, e.g. "disabled by TEAMAI_DISABLE_REMOTE_CMD=1".
        QString detail;
        /// Who last flipped the user switch and when (empty when never).
        QString changedBy;
        QString changedAt;
        QString policyPath;
        bool policyInvalid = false;
    };

    /// @brief Reads the policy, the environment and the settings now and decides.
    static Decision evaluate();
    /// @brief The decision for the given inputs; @p envValue is TEAMAI_DISABLE_REMOTE_CMD's value.
    static Decision evaluate(const AdminPolicy::Loaded &policy, const QString &envValue,
                             const AgentSettings::Loaded &settings);

    /// @brief Persists the user's switch. Fails (and changes nothing) when the policy locks remote
    /// commands or settings.json cannot be updated.
    static Status setUserEnabled(bool enabled, const QString &changedBy);

    /// @brief "env", "user", "policy" (the ledger's and the ack history's refusal reason); empty for None.
    static QString reasonName(Decision::Reason reason);

    /// @brief "allowed|disabled[ (locked by policy)] — <detail>", as `remote-cmd status` and `status` print it.
    static QString statusLine(const Decision &decision);

    /// @brief The policy's `maxCommandTimeoutSeconds` in milliseconds, unset when there is no cap.
    static std::optional<int> commandTimeoutCapMs();

    /// @brief True for the values of TEAMAI_DISABLE_REMOTE_CMD that disable: 1, true, yes.
    static bool envValueDisables(const QString &value);
};

} // namespace teamai
