#pragma once

#include <QString>

#include <optional>

namespace teamai {

/// @brief The administrator's machine-wide policy file (SPEC §5), documented in docs/policy.md:
/// @code
/// { "remoteCommands": { "enabled": false, "locked": true },
///   "maxCommandTimeoutSeconds": 60 }
/// @endcode
/// Every field is optional; unknown fields are ignored so newer policies still load. A policy
/// file that exists but cannot be read or understood is treated as the safe choice: remote
/// commands disabled and locked, with `error` saying why (and one warning per process).
class AdminPolicy
{
public:
    struct Loaded {
        bool exists = false;
        /// The administrator's value for remote commands; unset when the policy does not say.
        std::optional<bool> remoteCommandsEnabled;
        /// True: the user cannot change remote commands (needs remoteCommandsEnabled).
        bool locked = false;
        /// Upper bound for a pushed command's run time; only ever lowers the built-in timeout.
        std::optional<int> maxCommandTimeoutSeconds;
        /// Non-empty when the file is invalid (then: disabled, locked, no timeout cap).
        QString error;
        QString path;
    };

    static constexpr int kMaxTimeoutSeconds = 24 * 60 * 60;

    /// @brief TEAMAI_POLICY_FILE when set, else systemPath().
    static QString path();
    /// @brief The platform's location: Linux/BSD `/etc/teamai/policy.json`, macOS
    /// `/Library/Application Support/TeamAI/policy.json`, Windows `%ProgramData%\TeamAI\policy.json`
    /// (AdminPolicy_linux.cpp, _mac.cpp, _win.cpp).
    static QString systemPath();

    /// @brief Reads the policy from path(); a missing file is no policy (exists=false).
    static Loaded load();
    /// @brief Reads the policy from @p path.
    static Loaded load(const QString &path);
};

} // namespace teamai
