#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai {

class KeychainBackend;

/// @brief Synchronous, time-bounded access to the OS credential store through QtKeychain.
///
/// QtKeychain lives in the keychain module (core/ondemand/keychain), loaded on the first
/// read/write/remove — so no QtKeychain, D-Bus, libsecret or Keychain Services code is even loaded
/// by a process that never touches the store. The module runs every QtKeychain job on one thread
/// of its own (QtKeychain's job queue must outlive the threads that call it); a caller, on any
/// thread, waits at most the timeout for the answer. Needs a QCoreApplication.
///
/// A timeout is not remembered: the next call tries again (QtKeychain runs its jobs one after
/// another, so it waits behind the stuck one, again at most its own timeout). An abandoned job is
/// left to finish on its own: a write held up by an unlock prompt may still land in the store
/// later, so callers treat a timed-out write as "not saved there", not "absent".
///
/// Known limit: on a KDE session QtKeychain asks the bus synchronously whether KWallet runs; a bus
/// that accepts connections and then hangs would block there, outside this guard.
class KeychainAccess
{
public:
    /// @brief Outcome of one credential-store call (a result struct: ok, or error says why).
    struct Outcome {
        bool ok = false;
        bool notFound = false; ///< the store answered: there is no such entry
        bool timedOut = false;
        QString secret;        ///< read() only
        QString error;         ///< why it failed; never contains the secret
        qint64 elapsedMs = 0;
    };

    /// The bound on every call (SPEC: a credential store must never stall a hook).
    static constexpr int kTimeoutMs = 3000;

    /// @brief Succeeds when a credential store may answer; otherwise fails with why trying is
    /// pointless, decided without touching the store: no QCoreApplication, (Linux/BSD) no D-Bus
    /// session bus — DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus socket — where
    /// trying would start a slow D-Bus autolaunch, or a keychain module that cannot be loaded.
    static Status available();

    static Outcome write(const QString &service, const QString &key, const QString &secret,
                        int timeoutMs = kTimeoutMs);
    static Outcome read(const QString &service, const QString &key, int timeoutMs = kTimeoutMs);
    /// @brief Deletes the entry; a missing entry counts as success (with notFound set).
    static Outcome remove(const QString &service, const QString &key, int timeoutMs = kTimeoutMs);

    /// @brief How many QtKeychain jobs this process has created: lets tests prove a code path
    /// never touched the credential store.
    static int jobsCreated();

    /// @brief Tests only: use @p backend instead of the keychain module (null: load the module).
    static void setBackendForTesting(KeychainBackend *backend);
};

} // namespace teamai
