#pragma once

#include "config/AgentSettings.h"

#include <QString>
#include <QStringList>

namespace teamai {

/// @brief Where the API token lives (SPEC §2): the OS credential store through QtKeychain
/// (service `teamai`, key = the normalized endpoint), else the file store; the environment
/// variable TEAMAI_TOKEN wins over both.
///
/// The location is decided once, in save(), and recorded in AgentSettings::tokenLocation. load()
/// reads only that one place, so a hook whose token is in the file never creates a QtKeychain job
/// (no D-Bus, no libsecret) and a hook whose token is in the keychain waits at most
/// KeychainAccess::kTimeoutMs — unless this login session's cache (TokenCache) has it: then no
/// keychain module is loaded at all. Every save and removal renews the token generation in
/// AgentSettings and drops the cache entry, so a changed token is never answered from it.
///
/// File store = teamai-cli 0.25's own layout (see referencetoken): the bare token in
/// `$TEAMAI_HOME/token` and `$TEAMAI_HOME/apikey` and in config.json `token`, all mode 0600, so
/// the reference client keeps working on a machine that switched to us and back. One token per
/// user, for config.json's endpoint; a save replaces it everywhere (no old token is left behind).
/// The keychain store never leaves a plain copy: saving there clears those files.
///
/// When ours holds no token (location None) load() uses the one teamai-cli left in those files
/// (source "reference", logged once); adoptReferenceToken() moves it into our store.
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
        /// adoptReferenceToken(): the teamai-cli file the token was moved from (empty: none moved).
        QString movedFrom;
    };

    struct Loaded {
        QString token;
        QString source; ///< "env", "keychain", "file", "reference" (teamai-cli's files), or ""
        QString path;   ///< the file the token came from ("file" and "reference" only)
        QString error;  ///< why a recorded token could not be read (token is then empty)
        /// A keychain token from this login session's cache (TokenCache): the store was not asked.
        bool fromSessionCache = false;
    };

    /// @brief Whether load() may answer a keychain token from the session cache (TokenCache).
    enum class Cache {
        Use,    ///< hooks, syncs, the tray: the cache first, the credential store on a miss
        Bypass, ///< `teamai doctor`: ask the credential store itself (and refill the cache)
    };

    /// The QtKeychain service name.
    static QString serviceName() { return QStringLiteral("teamai"); }

    /// @brief `$TEAMAI_HOME/token`.
    static QString tokenFilePath();

    /// @brief Saves @p token for @p endpoint and records the location in AgentSettings. Saving to
    /// the keychain removes the token from the plain files, so there is one source of truth; a
    /// keychain entry for @p previousEndpoint (the endpoint being replaced) is removed too.
    /// Refuses to save when settings.json is invalid (the location could not be recorded).
    static SaveResult save(const QString &endpoint, const QString &token, Backend preferred = Backend::Auto,
                           const QString &previousEndpoint = {});

    /// @brief When load() finds only teamai-cli's token, saves it in our store (movedFrom set).
    /// ok with nothing moved when there is no such token.
    static SaveResult adoptReferenceToken(const QString &endpoint, Backend preferred = Backend::Auto);

    /// @brief TEAMAI_TOKEN if set; else the token from the recorded location only (None → empty).
    /// A keychain token comes from the session cache when it holds a valid entry (@p cache).
    static Loaded load(const QString &endpoint, Cache cache = Cache::Use);

    /// @brief Removes the token from the plain files, and from the keychain when that is the
    /// recorded location; the recorded location becomes None.
    static Status remove(const QString &endpoint);

    /// @brief Uninstall: the plain files, and the keychain entries of @p endpoints — whatever the
    /// recorded location when @p probeKeychain (an entry may be left from an earlier install).
    static Status removeEverywhere(const QStringList &endpoints, bool probeKeychain);
};

} // namespace teamai
