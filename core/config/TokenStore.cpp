#include "config/TokenStore.h"

#include "config/AgentConfig.h"
#include "config/KeychainAccess.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenCache.h"
#include "log/Logging.h"

#include <atomic>
#include <optional>

namespace teamai {
namespace {

using Location = AgentSettings::TokenLocation;

void logFallbackOnce(const QString &reason)
{
    static std::atomic<bool> logged{false};
    if (!logged.exchange(true)) {
        qCInfo(lcConfig).noquote() << QStringLiteral("no usable credential store (%1); the API token is kept in "
                                                     "%2 (mode 0600) instead")
                                          .arg(reason, TokenStore::tokenFilePath());
    }
}

/// Said once per process: the token in use is one teamai-cli left, not (yet) in our store.
void logReferenceTokenOnce(const QString &path)
{
    static std::atomic<bool> logged{false};
    if (!logged.exchange(true)) {
        qCInfo(lcConfig).noquote() << "using the API token teamai-cli saved in" << path
                                   << "; the next `teamai init` or settings save moves it to TeamAI's token store";
    }
}

/// Records where the token is now, under a new generation: whatever the session cache holds
/// belongs to the token before this change and answers no more, in any process.
Status recordLocation(Location location)
{
    return AgentSettings::update([location](AgentSettings &s) {
        s.setTokenLocation(location);
        s.renewTokenGeneration();
    });
}

/// Removes @p key's keychain entry when the keychain answers; a failure is only logged.
void dropKeychainEntry(const QString &key)
{
    if (key.isEmpty() || !KeychainAccess::available())
        return;
    const KeychainAccess::Outcome removed = KeychainAccess::remove(TokenStore::serviceName(), key);
    if (!removed.ok && !removed.notFound)
        qCInfo(lcConfig).noquote() << "could not remove the old keychain entry:" << removed.error;
}

/// Saves in the credential store. Sets result->location to Keychain when that worked; otherwise
/// returns false with result->error when it was @p required, else notes the fallback reason.
bool tryKeychain(const QString &key, const QString &token, bool required, TokenStore::SaveResult *result)
{
    QString reason = KeychainAccess::available().error();
    if (reason.isEmpty()) {
        const KeychainAccess::Outcome written = KeychainAccess::write(TokenStore::serviceName(), key, token);
        if (written.ok)
            result->location = Location::Keychain;
        else
            reason = written.error;
    }
    if (result->location != Location::Keychain) {
        if (required) {
            result->error = QStringLiteral("cannot save the token in the credential store: %1").arg(reason);
            return false;
        }
        result->fallbackReason = reason;
        logFallbackOnce(reason);
    }
    return true;
}

/// Keeps the token in one place: after a keychain save the plain files go; otherwise the token
/// is written to the file (false with result->error when that fails) and an old keychain entry goes.
bool settleLocation(const QString &key, const QString &token, Location previous, TokenStore::SaveResult *result)
{
    if (result->location == Location::Keychain) {
        // Never a plain copy next to the keychain one, for the reference's sake or any other.
        if (const Status cleared = referencetoken::clear(); !cleared)
            qCWarning(lcConfig).noquote() << "could not remove the plain token files:" << cleared.error();
        return true;
    }
    if (const Status written = referencetoken::write(key, token); !written) {
        result->error = written.error();
        return false;
    }
    result->location = Location::File;
    // Only clean the keychain when it was in use; a probe here could stall.
    if (previous == Location::Keychain)
        dropKeychainEntry(key);
    return true;
}

TokenStore::Loaded fromReferenceFiles(const QString &key, const QString &source)
{
    TokenStore::Loaded result;
    const referencetoken::Found found = referencetoken::find(key);
    result.token = found.token;
    result.error = found.error;
    if (!found.token.isEmpty()) {
        result.source = source;
        result.path = found.path;
        result.error.clear();
    }
    return result;
}

/// The keychain's token from the session cache, when it holds one for @p key at @p generation.
std::optional<TokenStore::Loaded> fromSessionCache(const QString &key, const QString &generation)
{
    const std::optional<QString> cached = TokenCache::read(key, generation);
    if (!cached)
        return std::nullopt;
    TokenStore::Loaded result;
    result.token = *cached;
    result.source = QStringLiteral("keychain");
    result.fromSessionCache = true;
    return result;
}

TokenStore::Loaded fromKeychain(const QString &key, const QString &generation, TokenStore::Cache cache)
{
    TokenStore::Loaded result;
    // Our keychain save clears config.json's token: one there now was written by teamai-cli since.
    if (const QString newer = referencetoken::configToken(key); !newer.isEmpty()) {
        logReferenceTokenOnce(AgentConfig::defaultPath());
        result.token = newer;
        result.source = QStringLiteral("reference");
        result.path = AgentConfig::defaultPath();
        return result;
    }
    // Before anything that loads the keychain module: a hit needs none of it.
    if (cache == TokenStore::Cache::Use) {
        if (auto cached = fromSessionCache(key, generation))
            return *cached;
    }
    if (const Status keychain = KeychainAccess::available(); !keychain) {
        result.error = QStringLiteral("the token is in the credential store, which cannot be used: %1").arg(keychain.error());
        return result;
    }
    const KeychainAccess::Outcome read = KeychainAccess::read(TokenStore::serviceName(), key);
    if (read.ok && !read.secret.isEmpty()) {
        result.token = read.secret;
        result.source = QStringLiteral("keychain");
        if (const Status cached = TokenCache::write(key, generation, read.secret); !cached)
            qCDebug(lcConfig).noquote() << "session token cache not written:" << cached.error();
    } else if (read.ok || read.notFound) {
        result.error = QStringLiteral("the credential store holds no token for %1 (is it locked?)").arg(key);
    } else {
        result.error = QStringLiteral("cannot read the token from the credential store: %1").arg(read.error);
    }
    return result;
}

} // namespace

QString TokenStore::tokenFilePath()
{
    return referencetoken::tokenPath();
}

TokenStore::SaveResult TokenStore::save(const QString &endpoint, const QString &token, Backend preferred,
                                        const QString &previousEndpoint)
{
    SaveResult result;
    const QString key = AgentConfig::normalizeEndpoint(endpoint);
    if (key.isEmpty()) {
        result.error = QStringLiteral("cannot save a token without an endpoint");
        return result;
    }
    if (token.trimmed().isEmpty()) {
        result.error = QStringLiteral("the token is empty");
        return result;
    }
    // Check settings first: a token saved where load() will not look for it is worse than none.
    const AgentSettings::Loaded settings = AgentSettings::load();
    if (!settings.error.isEmpty()) {
        result.error = QStringLiteral("cannot record where the token is saved: %1").arg(settings.error);
        return result;
    }
    const Location previous = settings.settings.tokenLocation();

    if (preferred != Backend::File && !tryKeychain(key, token.trimmed(), preferred == Backend::Keychain, &result))
        return result;
    if (!settleLocation(key, token.trimmed(), previous, &result))
        return result;
    // Re-init for another endpoint: the old endpoint's keychain entry must not outlive it.
    const QString oldKey = AgentConfig::normalizeEndpoint(previousEndpoint);
    if (previous == Location::Keychain && oldKey != key)
        dropKeychainEntry(oldKey);

    const Status recorded = recordLocation(result.location);
    TokenCache::drop();  // the old token leaves this session's memory too
    if (!recorded) {
        result.error = QStringLiteral("the token was saved (%1) but its location could not be recorded: %2")
                           .arg(AgentSettings::tokenLocationName(result.location), recorded.error());
        return result;
    }
    qCInfo(lcConfig).noquote() << "API token for" << key << "saved in the"
                               << AgentSettings::tokenLocationName(result.location);
    result.ok = true;
    return result;
}

TokenStore::Loaded TokenStore::load(const QString &endpoint, Cache cache)
{
    Loaded result;
    const QString fromEnv = qEnvironmentVariable("TEAMAI_TOKEN").trimmed();
    if (!fromEnv.isEmpty()) {
        result.token = fromEnv;
        result.source = QStringLiteral("env");
        return result;
    }
    const QString key = AgentConfig::normalizeEndpoint(endpoint);
    const AgentSettings::Loaded settings = AgentSettings::load();
    if (!settings.error.isEmpty()) {
        result.error = settings.error;
        return result;
    }

    switch (settings.settings.tokenLocation()) {
    case Location::None:
        // Ours holds none: use what teamai-cli left in its files (a machine that just switched).
        result = fromReferenceFiles(key, QStringLiteral("reference"));
        if (!result.token.isEmpty())
            logReferenceTokenOnce(result.path);
        return result;
    case Location::File:
        result = fromReferenceFiles(key, QStringLiteral("file"));
        if (result.token.isEmpty() && result.error.isEmpty())
            result.error = QStringLiteral("%1 holds no token for %2").arg(tokenFilePath(), key);
        return result;
    case Location::Keychain:
        return fromKeychain(key, settings.settings.tokenGeneration(), cache);
    }
    return result;
}

TokenStore::SaveResult TokenStore::adoptReferenceToken(const QString &endpoint, Backend preferred)
{
    SaveResult result;
    const Loaded loaded = load(endpoint);
    if (loaded.source != QLatin1String("reference")) {
        result.ok = true; // nothing to move
        return result;
    }
    result = save(endpoint, loaded.token, preferred);
    if (result.ok) {
        result.movedFrom = loaded.path;
        qCInfo(lcConfig).noquote() << "moved the API token teamai-cli saved in" << loaded.path << "to the"
                                   << AgentSettings::tokenLocationName(result.location);
    }
    return result;
}

Status TokenStore::remove(const QString &endpoint)
{
    return removeEverywhere({endpoint}, false);
}

Status TokenStore::removeEverywhere(const QStringList &endpoints, bool probeKeychain)
{
    QStringList problems;
    if (const Status cleared = referencetoken::clear(); !cleared)
        problems << cleared.error();

    const AgentSettings::Loaded settings = AgentSettings::load();
    const Location recorded = settings.settings.tokenLocation();
    bool keychainCleared = true;
    if (probeKeychain || (settings.error.isEmpty() && recorded == Location::Keychain)) {
        const QString reason = KeychainAccess::available().error();
        for (const QString &endpoint : endpoints) {
            const QString key = AgentConfig::normalizeEndpoint(endpoint);
            if (key.isEmpty())
                continue;
            if (!reason.isEmpty()) {
                // Without a keychain nothing can be in it, unless ours recorded it there.
                if (recorded == Location::Keychain) {
                    keychainCleared = false;
                    problems << QStringLiteral("cannot remove the token from the credential store: %1").arg(reason);
                }
                break;
            }
            const KeychainAccess::Outcome removed = KeychainAccess::remove(serviceName(), key);
            if (!removed.ok && !removed.notFound) {
                keychainCleared = false;
                problems << QStringLiteral("cannot remove the token from the credential store: %1").arg(removed.error);
            }
        }
    }

    if (settings.error.isEmpty()) {
        const Location next = recorded == Location::Keychain && !keychainCleared ? Location::Keychain : Location::None;
        if (next != recorded) {
            if (const Status recordedNext = recordLocation(next); !recordedNext)
                problems << recordedNext.error();
        }
    } else {
        problems << settings.error;
    }

    TokenCache::drop();  // after the new generation is recorded: nothing can refill it for the old one
    if (!problems.isEmpty())
        return Error{problems.join(QStringLiteral("; "))};
    return {};
}

} // namespace teamai
