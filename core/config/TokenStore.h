#pragma once

#include "config/AgentSettings.h"

#include <QString>

namespace teamai {

/// @brief Where the API token lives (SPEC §2): the OS credential store through QtKeychain
/// (service `teamai`, key = the normalized endpoint), else the file `~/.teamai/token`; the
/// environment variable TEAMAI_TOKEN wins over both.
///
/// The location is decided once, in save(), and recorded in AgentSettings::tokenLocation. load()
/// reads only that one place, so a hook whose token is in the file never creates a QtKeychain job
/// (no D-Bus, no libsecret) and a hook whose token is in the keychain waits at most
/// KeychainAccess::kTimeoutMs.
///
/// Token file: `$TEAMAI_HOME/token` (default `~/.teamai/token`), mode 0600, written atomically;
/// a JSON object mapping each normalized endpoint to its token:
/// @code
/// { "https://teamai.example.com": "tok_…" }
/// @endcode
/// One entry per endpoint, so switching between a test and a production backend does not lose a
/// token. For hand provisioning (e.g. a container image) a file holding just the token on one line
/// is accepted too and used for any endpoint; the next save() rewrites it as the JSON map.
/// The recorded location is one per user, not per endpoint: the last save() decides it.
class TokenStore
{
public:
    /// @brief Where save() should put the token.
    enum class Backend {
        Auto,     ///< the credential store if one answers within the bound, else the file
        Keychain, ///< the credential store only; fails when there is none
        File,     ///< the file only
    };

    struct SaveResult {
        bool ok = false;
        AgentSettings::TokenLocation location = AgentSettings::TokenLocation::None;
        QString error;
        /// Why Auto did not use the credential store (empty when it did, or for Backend::File).
        QString fallbackReason;
    };

    struct Loaded {
        QString token;
        QString source; ///< "env", "keychain", "file", or "" when there is no token
        QString error;  ///< why a recorded token could not be read (token is then empty)
    };

    /// The QtKeychain service name.
    static QString serviceName() { return QStringLiteral("teamai"); }

    /// @brief `$TEAMAI_HOME/token`.
    static QString tokenFilePath();

    /// @brief Saves @p token for @p endpoint and records the location in AgentSettings. Saving to
    /// the keychain removes the endpoint's entry from the token file, so there is one source of
    /// truth. Refuses to save when settings.json is invalid (the location could not be recorded).
    static SaveResult save(const QString &endpoint, const QString &token, Backend preferred = Backend::Auto);

    /// @brief TEAMAI_TOKEN if set; else the token from the recorded location only (None → empty).
    static Loaded load(const QString &endpoint);

    /// @brief Removes the endpoint's token from the file, and from the keychain when that is the
    /// recorded location; the recorded location becomes None unless the file still holds tokens.
    static bool remove(const QString &endpoint, QString *error);
};

} // namespace teamai
