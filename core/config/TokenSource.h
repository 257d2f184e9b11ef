#pragma once

#include "config/TokenStore.h"

#include <QString>

namespace teamai {

/// @brief The process's one answer to "which API token do requests send now?": every part of a
/// process (the tray's sync thread, its Settings dialog, a connection test) asks here instead of
/// keeping a token of its own, so a token saved anywhere in the process is used everywhere at once.
///
/// current() reads through TokenStore::load() and remembers the answer; it reads again when
/// save() or invalidate() was called in this process, or when a file that decides the answer
/// (settings.json, config.json, the token file) changed since — another process's `teamai init`.
/// generation() grows whenever the answer may have changed, so a holder of a built client (the
/// sync engine) knows when to rebuild. Thread-safe; blocking like TokenStore (a credential store
/// read is bounded by KeychainAccess::kTimeoutMs).
class TokenSource
{
public:
    /// @brief The token for @p endpoint, with its source and any error, as TokenStore::load().
    /// @p generation (optional): the generation() this answer belongs to.
    static TokenStore::Loaded current(const QString &endpoint, quint64 *generation = nullptr);

    /// @brief TokenStore::save(); when it worked, current() answers the new token at once and
    /// generation() grows.
    static TokenStore::SaveResult save(const QString &endpoint, const QString &token,
                                       TokenStore::Backend preferred = TokenStore::Backend::Auto,
                                       const QString &previousEndpoint = {});

    /// @brief Forgets the remembered answer and drops the session token cache (TokenCache): the
    /// next current() here, and the next read of any process, ask the store again (after the
    /// backend rejected the token, it may have been replaced by another process).
    static void invalidate();

    /// @brief Grows on every save() and invalidate(), and when current() read a changed answer.
    static quint64 generation();
};

} // namespace teamai
