#pragma once

#include "config/KeychainAccess.h"

namespace teamai {

/// @brief What the keychain module (`core/ondemand/keychain`, QtKeychain) offers KeychainAccess.
/// Each call is synchronous and bounded by @p timeoutMs; a timed-out job is left to finish on its
/// own. Shared by the agent and the module, which are always built together.
class KeychainBackend
{
public:
    virtual KeychainAccess::Outcome write(const QString &service, const QString &key, const QString &secret,
                                         int timeoutMs) = 0;
    virtual KeychainAccess::Outcome read(const QString &service, const QString &key, int timeoutMs) = 0;
    /// @brief notFound is set when there was no entry; the caller decides whether that is success.
    virtual KeychainAccess::Outcome remove(const QString &service, const QString &key, int timeoutMs) = 0;
    virtual int jobsCreated() const = 0;

protected:
    ~KeychainBackend() = default;  // the module owns its one instance
};

/// The module's entry point: `extern "C" KeychainBackend *teamai_keychain_backend_v1()`.
inline constexpr char kKeychainBackendSymbol[] = "teamai_keychain_backend_v1";
using KeychainBackendEntry = KeychainBackend *(*)();

} // namespace teamai
