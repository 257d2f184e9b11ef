#include "config/ReferenceTokenFiles.h"

#include "config/AgentConfig.h"
#include "log/Logging.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>

namespace teamai::referencetoken {
namespace {

void warnIfLoose(QFile &file)
{
    const QFileDevice::Permissions loose = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ReadOther | QFileDevice::WriteOther;
    static std::atomic<bool> warned{false};
    if ((file.permissions() & loose) && !warned.exchange(true))
        qCWarning(lcConfig).noquote() << file.fileName() << "is readable by other users; it should be mode 0600";
}

/// A bare token file (one line, no inner whitespace), or our old `{endpoint: token}` map.
Found readTokenFile(const QString &path, const QString &endpoint)
{
    Found found;
    QFile file(path);
    if (!file.exists())
        return found;
    if (!file.open(QIODevice::ReadOnly)) {
        found.error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return found;
    }
    warnIfLoose(file);
    const QByteArray content = file.read(64 * 1024).trimmed();
    if (content.startsWith('{')) {
        const QJsonDocument doc = QJsonDocument::fromJson(content);
        if (!doc.isObject())
            found.error = QStringLiteral("%1 is neither a token nor a JSON object").arg(path);
        else
            found.token = doc.object().value(AgentConfig::normalizeEndpoint(endpoint)).toString().trimmed();
    } else if (!content.isEmpty() && !content.contains('\n') && !content.contains(' ') && !content.contains('\t')) {
        found.token = QString::fromUtf8(content);
    } else if (!content.isEmpty()) {
        found.error = QStringLiteral("%1 does not hold a single token").arg(path);
    }
    if (!found.token.isEmpty())
        found.path = path;
    return found;
}

Status writeBare(const QString &path, const QString &token)
{
    // Create the TeamAI home owner-only, but leave an existing one (the reference client's) as it is:
    // the file's own 0600 mode is what protects the token.
    const QString folder = QFileInfo(path).absolutePath();
    if (!QFileInfo::exists(folder)) {
        if (const Status made = paths::ensurePrivateDir(folder); !made)
            return made;
    }
    return jsonfile::writeAtomically(path, token.toUtf8() + '\n', jsonfile::kPrivateFile);
}

Status removeFile(const QString &path)
{
    if (!QFile::exists(path) || QFile::remove(path))
        return {};
    return Error{QStringLiteral("cannot remove %1").arg(path)};
}

/// Sets (or with an empty @p token removes) config.json's `token`; only when config.json names
/// @p endpoint, or (removal) whenever it holds one.
Status updateConfigToken(const QString &endpoint, const QString &token)
{
    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.exists)
        return {};
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    if (token.isEmpty() ? loaded.config.token().isEmpty()
                        : loaded.config.endpoint() != AgentConfig::normalizeEndpoint(endpoint)) {
        return {};
    }
    loaded.config.setToken(token);
    return loaded.config.save();
}

} // namespace

QString tokenPath()
{
    return paths::teamaiHome() + QStringLiteral("/token");
}

QString apiKeyPath()
{
    return paths::teamaiHome() + QStringLiteral("/apikey");
}

QString configToken(const QString &endpoint)
{
    const AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty() || loaded.config.endpoint() != AgentConfig::normalizeEndpoint(endpoint))
        return {};
    return loaded.config.token();
}

Found find(const QString &endpoint)
{
    Found result;
    if (const QString token = configToken(endpoint); !token.isEmpty()) {
        result.token = token;
        result.path = AgentConfig::defaultPath();
        return result;
    }
    QStringList problems;
    for (const QString &path : {tokenPath(), apiKeyPath()}) {
        Found found = readTokenFile(path, endpoint);
        if (!found.token.isEmpty())
            return found;
        if (!found.error.isEmpty())
            problems << found.error;
    }
    result.error = problems.join(QStringLiteral("; "));
    return result;
}

Status write(const QString &endpoint, const QString &token)
{
    for (const QString &path : {tokenPath(), apiKeyPath()}) {
        if (const Status written = writeBare(path, token); !written)
            return written;
    }
    return updateConfigToken(endpoint, token);
}

Status clear()
{
    QStringList problems;
    for (const QString &path : {tokenPath(), apiKeyPath()}) {
        if (const Status removed = removeFile(path); !removed)
            problems << removed.error();
    }
    if (const Status config = updateConfigToken({}, {}); !config)
        problems << config.error();
    if (!problems.isEmpty())
        return Error{problems.join(QStringLiteral("; "))};
    return {};
}

QStringList holders()
{
    QStringList result;
    const AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.config.token().isEmpty())
        result << AgentConfig::defaultPath();
    for (const QString &path : {tokenPath(), apiKeyPath()}) {
        if (QFileInfo(path).size() > 0)
            result << path;
    }
    return result;
}

} // namespace teamai::referencetoken
