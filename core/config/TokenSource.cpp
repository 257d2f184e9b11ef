#include "config/TokenSource.h"

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenCache.h"

#include <QDateTime>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>

#include <atomic>
#include <optional>

namespace teamai {
namespace {

/// What was on disk when the remembered answer was read: a change means "read again".
QString filesFingerprint()
{
    QString fingerprint;
    for (const QString &path : {AgentSettings::defaultPath(), AgentConfig::defaultPath(), TokenStore::tokenFilePath()}) {
        const QFileInfo info(path);
        fingerprint += info.exists() ? QStringLiteral("%1:%2;").arg(info.lastModified().toMSecsSinceEpoch()).arg(info.size())
                                     : QStringLiteral("-;");
    }
    return fingerprint;
}

struct Remembered {
    QString key;          ///< normalized endpoint
    QString environment;  ///< TEAMAI_TOKEN when read
    QString fingerprint;
    TokenStore::Loaded loaded;
};

QMutex g_mutex;  // one reader at a time: a second caller waits for the first one's answer
std::optional<Remembered> g_remembered;
std::atomic<quint64> g_generation{1};

bool stillValid(const Remembered &r, const QString &key)
{
    return r.key == key && r.environment == qEnvironmentVariable("TEAMAI_TOKEN") && r.fingerprint == filesFingerprint();
}

} // namespace

TokenStore::Loaded TokenSource::current(const QString &endpoint, quint64 *generation)
{
    const QString key = AgentConfig::normalizeEndpoint(endpoint);
    QMutexLocker lock(&g_mutex);
    if (g_remembered && stillValid(*g_remembered, key)) {
        if (generation)
            *generation = g_generation;
        return g_remembered->loaded;
    }
    Remembered fresh;
    fresh.key = key;
    fresh.environment = qEnvironmentVariable("TEAMAI_TOKEN");
    fresh.fingerprint = filesFingerprint();  // before reading: a change during the read reads again
    fresh.loaded = TokenStore::load(key);
    const bool changed = !g_remembered || g_remembered->key != key || g_remembered->loaded.token != fresh.loaded.token;
    // A failed read is not remembered: the store may answer next time.
    if (fresh.loaded.error.isEmpty())
        g_remembered = fresh;
    else
        g_remembered.reset();
    if (changed)
        ++g_generation;
    if (generation)
        *generation = g_generation;
    return fresh.loaded;
}

TokenStore::SaveResult TokenSource::save(const QString &endpoint, const QString &token, TokenStore::Backend preferred,
                                         const QString &previousEndpoint)
{
    QMutexLocker lock(&g_mutex);
    const TokenStore::SaveResult result = TokenStore::save(endpoint, token, preferred, previousEndpoint);
    // Saved or not, the next current() reads the store: it answers what is really there now.
    g_remembered.reset();
    ++g_generation;
    return result;
}

void TokenSource::invalidate()
{
    QMutexLocker lock(&g_mutex);
    g_remembered.reset();
    TokenCache::drop();  // and every process's next read asks the credential store too
    ++g_generation;
}

quint64 TokenSource::generation()
{
    return g_generation;
}

} // namespace teamai
