#pragma once

#include "util/Result.h"

#include <QString>

#include <chrono>
#include <optional>

namespace teamai {

/// @brief This login session's copy of the API token the credential store holds, so that a hook
/// whose token is in the keychain does not load QtKeychain, D-Bus and libsecret and open an
/// encrypted Secret Service session on every run (about 9 ms and 6 MB: docs/performance.md,
/// 2026-12-04). docs/security.md "The session token cache" has the threat model.
///
/// Linux only. One file per TeamAI home, `$XDG_RUNTIME_DIR/teamai-token-<hash of the home>`, and
/// only when that folder is ours, mode 0700, not a link, and on tmpfs or ramfs: the cache is never
/// written to a disk and goes with the login session (logind removes the folder at logout). The
/// file is 0600, written atomically (an O_EXCL|O_NOFOLLOW temporary file, then a rename) and read
/// without following a link. An entry answers only for the TeamAI home, the endpoint and the
/// token generation it was written for (AgentSettings::tokenGeneration(), new on every save and
/// removal of the token), and for at most kLifetime of CLOCK_BOOTTIME (time asleep counts).
/// Anything else — damaged, foreign, another owner, another mode, expired, stale — is removed
/// and ignored, so the caller asks the credential store and writes a fresh entry.
///
/// TokenStore is the only user: it reads here before the keychain (TokenStore::Loaded::
/// fromSessionCache), writes after a successful keychain read, and drops the entry on every save
/// and removal; TokenSource::invalidate() (a token the backend rejected) drops it too.
class TokenCache
{
public:
    /// How long an entry answers: a credential store locked meanwhile is asked again this soon.
    static constexpr std::chrono::seconds kLifetime{600};

    /// @brief The cache file of this TeamAI home, or why this session has no usable place for it
    /// (no XDG_RUNTIME_DIR, not ours, not 0700, a link, on a disk, not Linux).
    static Result<QString> path();

    /// @brief The cached token for @p endpoint (normalized) at @p generation; nothing when there
    /// is no valid entry (an unusable one is removed).
    static std::optional<QString> read(const QString &endpoint, const QString &generation);

    /// @brief Stores @p token for @p endpoint at @p generation (nothing when path() fails).
    static Status write(const QString &endpoint, const QString &generation, const QString &token);

    /// @brief Removes this TeamAI home's entry, if any.
    static void drop();
};

} // namespace teamai
