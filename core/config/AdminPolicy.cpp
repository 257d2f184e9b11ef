#include "config/AdminPolicy.h"

#include "config/RemoteCommandKeys.h"
#include "config/SettingsFile.h"
#include "log/Logging.h"
#include "util/JsonFile.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QMutex>
#include <QSet>

namespace teamai {
namespace {

const QString kLocked = QStringLiteral("locked");
const QString kMaxTimeout = QStringLiteral("maxCommandTimeoutSeconds");

using settingsfile::isAbsent;
using namespace remotecommandkeys;

// The tray re-evaluates the policy often: say each distinct problem once per process.
void warnOnce(const QString &message)
{
    static QMutex mutex;
    static QSet<QString> warned;
    QMutexLocker lock(&mutex);
    if (warned.contains(message))
        return;
    warned.insert(message);
    qCWarning(lcConfig).noquote() << message;
}

// Fills @p policy from @p json; fails with the reason the file is invalid.
Status parse(const QJsonObject &json, AdminPolicy::Loaded &policy)
{
    const QJsonValue remote = json.value(kRemoteCommands);
    if (!isAbsent(remote)) {
        if (!remote.isObject())
            return Error{QStringLiteral("\"remoteCommands\" must be an object")};
        const QJsonObject remoteObject = remote.toObject();
        const QJsonValue enabled = remoteObject.value(kEnabled);
        const QJsonValue locked = remoteObject.value(kLocked);
        if (!isAbsent(enabled) && !enabled.isBool())
            return Error{QStringLiteral("\"remoteCommands.enabled\" must be true or false")};
        if (!isAbsent(locked) && !locked.isBool())
            return Error{QStringLiteral("\"remoteCommands.locked\" must be true or false")};
        if (enabled.isBool())
            policy.remoteCommandsEnabled = enabled.toBool();
        policy.locked = locked.toBool(false);
        if (policy.locked && !policy.remoteCommandsEnabled)
            return Error{QStringLiteral("\"remoteCommands.locked\" is true but \"remoteCommands.enabled\" is not set")};
    }

    const QJsonValue timeout = json.value(kMaxTimeout);
    if (!isAbsent(timeout)) {
        const double seconds = timeout.toDouble(-1);
        if (!timeout.isDouble() || seconds < 1 || seconds > AdminPolicy::kMaxTimeoutSeconds
            || seconds != static_cast<int>(seconds)) {
            return Error{QStringLiteral("\"maxCommandTimeoutSeconds\" must be a whole number from 1 to %1")
                .arg(AdminPolicy::kMaxTimeoutSeconds)};
        }
        policy.maxCommandTimeoutSeconds = static_cast<int>(seconds);
    }
    return {};
}

} // namespace

QString AdminPolicy::path()
{
    const QString fromEnv = qEnvironmentVariable("TEAMAI_POLICY_FILE");
    return fromEnv.isEmpty() ? systemPath() : fromEnv;
}

AdminPolicy::Loaded AdminPolicy::load()
{
    return load(path());
}

AdminPolicy::Loaded AdminPolicy::load(const QString &path)
{
    Loaded policy;
    policy.path = path;
    // Unreadable (permissions, a folder) is Invalid, not Missing: it is still the admin's file.
    const jsonfile::ObjectRead file = jsonfile::readObject(path);
    if (file.status == jsonfile::ReadStatus::Missing)
        return policy;
    policy.exists = true;
    QString error = file.error;
    if (file.ok()) {
        if (const Status parsed = parse(file.object, policy); !parsed)
            error = QStringLiteral("%1 is invalid: %2").arg(path, parsed.error());
    }
    if (!error.isEmpty()) {
        // Fail closed: an administrator who wrote a policy meant to restrict something.
        policy.error = error;
        policy.remoteCommandsEnabled = false;
        policy.locked = true;
        policy.maxCommandTimeoutSeconds.reset();
        warnOnce(QStringLiteral("admin policy unusable, remote commands are disabled and locked: %1").arg(error));
    }
    return policy;
}

} // namespace teamai
