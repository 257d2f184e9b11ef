#include "config/TokenStore.h"

#include "config/AgentConfig.h"
#include "config/KeychainAccess.h"
#include "log/Logging.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>

namespace teamai {
namespace {

using Location = AgentSettings::TokenLocation;

/// The token file's content: the endpoint → token map, or a hand-written bare token.
struct TokenFile {
    bool exists = false;
    QJsonObject tokens;
    QString bareToken;
    QString error;
};

TokenFile readTokenFile()
{
    TokenFile file;
    const QString path = TokenStore::tokenFilePath();
    QFile f(path);
    if (!f.exists())
        return file;
    file.exists = true;
    if (!f.open(QIODevice::ReadOnly)) {
        file.error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return file;
    }
    const QFileDevice::Permissions loose = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ReadOther | QFileDevice::WriteOther;
    if (f.permissions() & loose) {
        static std::atomic<bool> warned{false};
        if (!warned.exchange(true))
            qCWarning(lcConfig).noquote() << path << "is readable by other users; it should be mode 0600";
    }
    const QByteArray content = f.readAll();
    const QByteArray trimmed = content.trimmed();
    if (trimmed.startsWith('{')) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(content, &parseError);
        if (!doc.isObject())
            file.error = QStringLiteral("%1 is not valid JSON: %2").arg(path, parseError.errorString());
        else
            file.tokens = doc.object();
        return file;
    }
    // A bare token written by hand: one line, no inner whitespace.
    if (!trimmed.isEmpty() && !trimmed.contains('\n') && !trimmed.contains(' ') && !trimmed.contains('\t'))
        file.bareToken = QString::fromUtf8(trimmed);
    else
        file.error = QStringLiteral("%1 is neither a JSON object nor a single token").arg(path);
    return file;
}

bool writeTokenFile(const QJsonObject &tokens, QString *error)
{
    const QString path = TokenStore::tokenFilePath();
    if (tokens.isEmpty()) {
        if (QFile::exists(path) && !QFile::remove(path)) {
            if (error)
                *error = QStringLiteral("cannot remove %1").arg(path);
            return false;
        }
        return true;
    }
    // Create the TeamAI home owner-only, but leave an existing one (the reference client's) as it is:
    // the file's own 0600 mode is what protects the token.
    const QString folder = QFileInfo(path).absolutePath();
    if (!QFileInfo::exists(folder) && !paths::ensurePrivateDir(folder, error))
        return false;
    return jsonfile::writeObject(path, tokens, jsonfile::kPrivateFile, error);
}

/// Removes @p key from the token file; a bare token (bound to no endpoint) is removed too.
bool removeFromTokenFile(const QString &key, bool *othersRemain, QString *error)
{
    const TokenFile file = readTokenFile();
    *othersRemain = false;
    if (!file.exists)
        return true;
    if (!file.error.isEmpty() || !file.bareToken.isEmpty()) {
        // Nothing usable for another endpoint can be kept from an unreadable or bare file.
        if (!QFile::remove(TokenStore::tokenFilePath())) {
            if (error)
                *error = QStringLiteral("cannot remove %1").arg(TokenStore::tokenFilePath());
            return false;
        }
        return true;
    }
    QJsonObject tokens = file.tokens;
    if (!tokens.contains(key)) {
        *othersRemain = !tokens.isEmpty();
        return true;
    }
    tokens.remove(key);
    *othersRemain = !tokens.isEmpty();
    return writeTokenFile(tokens, error);
}

void logFallbackOnce(const QString &reason)
{
    static std::atomic<bool> logged{false};
    if (!logged.exchange(true)) {
        qCInfo(lcConfig).noquote() << QStringLiteral("no usable credential store (%1); the API token is kept in "
                                                     "%2 (mode 0600) instead")
                                          .arg(reason, TokenStore::tokenFilePath());
    }
}

bool recordLocation(Location location, QString *error)
{
    return AgentSettings::update([location](AgentSettings &s) { s.setTokenLocation(location); }, error);
}

} // namespace

QString TokenStore::tokenFilePath()
{
    return paths::teamaiHome() + QStringLiteral("/token");
}

TokenStore::SaveResult TokenStore::save(const QString &endpoint, const QString &token, Backend preferred)
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

    if (preferred != Backend::File) {
        QString reason = KeychainAccess::unavailableReason();
        if (reason.isEmpty()) {
            const KeychainAccess::Result written = KeychainAccess::write(serviceName(), key, token);
            if (written.ok)
                result.location = Location::Keychain;
            else
                reason = written.error;
        }
        if (result.location != Location::Keychain) {
            if (preferred == Backend::Keychain) {
                result.error = QStringLiteral("cannot save the token in the credential store: %1").arg(reason);
                return result;
            }
            result.fallbackReason = reason;
            logFallbackOnce(reason);
        }
    }

    if (result.location == Location::Keychain) {
        // One source of truth: a stale file copy would be used if the location were ever lost.
        bool othersRemain = false;
        QString cleanupError;
        if (!removeFromTokenFile(key, &othersRemain, &cleanupError))
            qCWarning(lcConfig).noquote() << "could not remove the old token file entry:" << cleanupError;
    } else {
        TokenFile file = readTokenFile();
        if (!file.error.isEmpty())
            qCWarning(lcConfig).noquote() << file.error << "- replacing it";
        QJsonObject tokens = file.error.isEmpty() ? file.tokens : QJsonObject();
        tokens.insert(key, token);
        if (!writeTokenFile(tokens, &result.error))
            return result;
        result.location = Location::File;
        // Only clean the keychain when it was in use and answers; a probe here could stall.
        if (previous == Location::Keychain && KeychainAccess::unavailableReason().isEmpty()) {
            const KeychainAccess::Result removed = KeychainAccess::remove(serviceName(), key);
            if (!removed.ok)
                qCInfo(lcConfig).noquote() << "could not remove the old keychain entry:" << removed.error;
        }
    }

    QString recordError;
    if (!recordLocation(result.location, &recordError)) {
        result.error = QStringLiteral("the token was saved (%1) but its location could not be recorded: %2")
                           .arg(AgentSettings::tokenLocationName(result.location), recordError);
        return result;
    }
    qCInfo(lcConfig).noquote() << "API token for" << key << "saved in the"
                               << AgentSettings::tokenLocationName(result.location);
    result.ok = true;
    return result;
}

TokenStore::Loaded TokenStore::load(const QString &endpoint)
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
        return result;
    case Location::File: {
        const TokenFile file = readTokenFile();
        if (!file.error.isEmpty()) {
            result.error = file.error;
        } else if (!file.bareToken.isEmpty()) {
            result.token = file.bareToken;
        } else if (const QString token = file.tokens.value(key).toString(); !token.isEmpty()) {
            result.token = token;
        } else {
            result.error = QStringLiteral("%1 holds no token for %2").arg(tokenFilePath(), key);
        }
        if (!result.token.isEmpty())
            result.source = QStringLiteral("file");
        return result;
    }
    case Location::Keychain: {
        if (const QString reason = KeychainAccess::unavailableReason(); !reason.isEmpty()) {
            result.error = QStringLiteral("the token is in the credential store, which cannot be used: %1").arg(reason);
            return result;
        }
        const KeychainAccess::Result read = KeychainAccess::read(serviceName(), key);
        if (read.ok && !read.secret.isEmpty()) {
            result.token = read.secret;
            result.source = QStringLiteral("keychain");
        } else if (read.ok || read.notFound) {
            result.error = QStringLiteral("the credential store holds no token for %1 (is it locked?)").arg(key);
        } else {
            result.error = QStringLiteral("cannot read the token from the credential store: %1").arg(read.error);
        }
        return result;
    }
    }
    return result;
}

bool TokenStore::remove(const QString &endpoint, QString *error)
{
    const QString key = AgentConfig::normalizeEndpoint(endpoint);
    QStringList problems;

    bool othersRemain = false;
    QString fileError;
    if (!removeFromTokenFile(key, &othersRemain, &fileError))
        problems << fileError;

    const AgentSettings::Loaded settings = AgentSettings::load();
    const Location recorded = settings.settings.tokenLocation();
    bool keychainCleared = true;
    if (settings.error.isEmpty() && recorded == Location::Keychain) {
        if (const QString reason = KeychainAccess::unavailableReason(); !reason.isEmpty()) {
            keychainCleared = false;
            problems << QStringLiteral("cannot remove the token from the credential store: %1").arg(reason);
        } else if (const KeychainAccess::Result removed = KeychainAccess::remove(serviceName(), key); !removed.ok) {
            keychainCleared = false;
            problems << QStringLiteral("cannot remove the token from the credential store: %1").arg(removed.error);
        }
    }

    if (settings.error.isEmpty()) {
        Location next = Location::None;
        if (recorded == Location::File && othersRemain)
            next = Location::File;
        else if (recorded == Location::Keychain && !keychainCleared)
            next = Location::Keychain;
        QString recordError;
        if (next != recorded && !recordLocation(next, &recordError))
            problems << recordError;
    } else {
        problems << settings.error;
    }

    if (!problems.isEmpty() && error)
        *error = problems.join(QStringLiteral("; "));
    return problems.isEmpty();
}

} // namespace teamai
