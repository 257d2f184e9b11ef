#include "config/KeychainAccess.h"

#include "config/KeychainAccess_platform.h"
#include "config/KeychainBackend.h"
#include "log/Logging.h"
#include "util/RuntimeModule.h"

#include <QCoreApplication>

#include <atomic>
#include <optional>

namespace teamai {
namespace {

std::atomic<KeychainBackend *> g_backend{nullptr};

// Refuses before the module is even loaded when waiting cannot work (no event loop). An earlier
// timeout is no reason to refuse: the store may have answered since (an unlock prompt that was
// accepted), so every call tries again, bounded by its own timeout.
std::optional<KeychainAccess::Outcome> refuseEarly()
{
    if (QCoreApplication::instance())
        return std::nullopt;
    KeychainAccess::Outcome result;
    result.error = QStringLiteral("no QCoreApplication is running to wait for the credential store");
    return result;
}

// The keychain module, loaded on first use (see RuntimeModule for why it is a module).
Result<KeychainBackend *> backend()
{
    if (KeychainBackend *loaded = g_backend)
        return loaded;
    const Result<void *> entry = RuntimeModule::resolve("keychain", kKeychainBackendSymbol);
    if (!entry)
        return Error{entry.error()};
    g_backend = reinterpret_cast<KeychainBackendEntry>(*entry)();
    return g_backend.load();
}

// Runs @p call on the module, or says why it cannot; logs the outcome.
template <typename Call>
KeychainAccess::Outcome withBackend(const char *what, Call call)
{
    if (auto refused = refuseEarly())
        return *refused;
    KeychainAccess::Outcome result;
    const Result<KeychainBackend *> store = backend();
    if (!store) {
        result.error = store.error();
        return result;
    }
    result = call(**store);
    qCDebug(lcConfig) << "keychain" << what << (result.ok ? "ok" : "failed") << "in" << result.elapsedMs << "ms";
    return result;
}

} // namespace

Status KeychainAccess::available()
{
    if (const auto refused = refuseEarly())
        return Error{refused->error};
    if (const Status reachable = keychainplatform::storeReachable(); !reachable)
        return reachable;
    if (const Result<KeychainBackend *> store = backend(); !store)
        return Error{store.error()};
    return {};
}

KeychainAccess::Outcome KeychainAccess::write(const QString &service, const QString &key, const QString &secret,
                                             int timeoutMs)
{
    return withBackend("write", [&](KeychainBackend &store) { return store.write(service, key, secret, timeoutMs); });
}

KeychainAccess::Outcome KeychainAccess::read(const QString &service, const QString &key, int timeoutMs)
{
    return withBackend("read", [&](KeychainBackend &store) { return store.read(service, key, timeoutMs); });
}

KeychainAccess::Outcome KeychainAccess::remove(const QString &service, const QString &key, int timeoutMs)
{
    return withBackend("delete", [&](KeychainBackend &store) {
        Outcome result = store.remove(service, key, timeoutMs);
        if (result.notFound) {
            result.ok = true;
            result.error.clear();
        }
        return result;
    });
}

void KeychainAccess::setBackendForTesting(KeychainBackend *backend)
{
    g_backend = backend;
}

int KeychainAccess::jobsCreated()
{
    const KeychainBackend *loaded = g_backend;
    return loaded ? loaded->jobsCreated() : 0;
}

} // namespace teamai
