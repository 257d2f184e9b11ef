#include "config/AgentSettings.h"

#include "config/RemoteCommandKeys.h"
#include "config/SettingsFile.h"
#include "log/Logging.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QRandomGenerator>

#include <algorithm>
#include <optional>
#include <utility>

namespace teamai {
namespace {

const QString kTokenLocation = QStringLiteral("tokenLocation");
const QString kTokenGeneration = QStringLiteral("tokenGeneration");
const QString kChangedBy = QStringLiteral("changedBy");
const QString kChangedAt = QStringLiteral("changedAt");
const QString kSyncInterval = QStringLiteral("syncIntervalMinutes");
const QString kEnabledAgents = QStringLiteral("enabledAgents");
const QString kMutedNotifications = QStringLiteral("mutedNotifications");
const QString kHistoryRetentionDays = QStringLiteral("historyRetentionDays");
const QString kHistoryMaxCommands = QStringLiteral("historyMaxCommands");
const QString kCommandOutputWindowBytes = QStringLiteral("commandOutputWindowBytes");
const QString kAgentsSeeAllCommands = QStringLiteral("agentsSeeAllCommands");

// Long enough for another process's load+save (milliseconds), short enough for a hook.
constexpr int kLockTimeoutMs = 2000;

using settingsfile::isAbsent;
using namespace remotecommandkeys;

Error wrongType(const QString &field, const char *expected)
{
    return Error{QStringLiteral("field \"%1\" must be %2").arg(field, QLatin1String(expected))};
}

Status checkObjectFields(const QJsonObject &object, const QString &prefix,
                          std::initializer_list<std::pair<QString, QJsonValue::Type>> fields)
{
    for (const auto &[key, type] : fields) {
        const QJsonValue value = object.value(key);
        if (isAbsent(value) || value.type() == type)
            continue;
        const char *expected = type == QJsonValue::Bool ? "a boolean" : "a string";
        return wrongType(prefix + u'.' + key, expected);
    }
    return {};
}

std::optional<AgentSettings::TokenLocation> parseLocation(const QString &name)
{
    for (auto location : {AgentSettings::TokenLocation::None, AgentSettings::TokenLocation::Keychain,
                          AgentSettings::TokenLocation::File}) {
        if (name == AgentSettings::tokenLocationName(location))
            return location;
    }
    return std::nullopt;
}

// A whole number from min to max, or absent. Range first: casting an out-of-range double to an
// integer is undefined.
bool isWholeNumberIn(const QJsonValue &value, double min, double max)
{
    const double number = value.toDouble(-1);
    return isAbsent(value) || (value.isDouble() && number >= min && number <= max && number == static_cast<qint64>(number));
}

} // namespace

QString AgentSettings::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/settings.json");
}

Status AgentSettings::validate(const QJsonObject &json)
{
    const QJsonValue location = json.value(kTokenLocation);
    if (!isAbsent(location) && (!location.isString() || !parseLocation(location.toString())))
        return wrongType(kTokenLocation, "one of \"none\", \"keychain\", \"file\"");

    const QJsonValue remote = json.value(kRemoteCommands);
    if (!isAbsent(remote)) {
        if (!remote.isObject())
            return wrongType(kRemoteCommands, "an object");
        const Status fields = checkObjectFields(remote.toObject(), kRemoteCommands,
            {{kEnabled, QJsonValue::Bool}, {kChangedBy, QJsonValue::String}, {kChangedAt, QJsonValue::String}});
        if (!fields)
            return fields;
    }

    const QJsonValue interval = json.value(kSyncInterval);
    if (!isAbsent(interval)) {
        const double minutes = interval.toDouble(-1);
        // Range first: casting an out-of-range double to int is undefined.
        if (!interval.isDouble() || minutes < 1 || minutes > kMaxSyncIntervalMinutes
            || minutes != static_cast<int>(minutes)) {
            return wrongType(kSyncInterval, "a whole number of minutes from 1 to 1440");
        }
    }

    if (!isWholeNumberIn(json.value(kHistoryRetentionDays), 1, kMaxHistoryRetentionDays))
        return wrongType(kHistoryRetentionDays, "a whole number of days from 1 to 3650");
    if (!isWholeNumberIn(json.value(kHistoryMaxCommands), double(kMinHistoryMaxCommands), double(kMaxHistoryMaxCommands)))
        return wrongType(kHistoryMaxCommands, "a whole number of commands from 100 to 10000000");

    const QJsonValue agents = json.value(kEnabledAgents);
    if (!isAbsent(agents)) {
        const QJsonArray array = agents.toArray();
        if (!agents.isArray()
            || std::any_of(array.begin(), array.end(), [](const QJsonValue &v) { return !v.isString(); })) {
            return wrongType(kEnabledAgents, "an array of strings");
        }
    }
    return {};
}

AgentSettings::Loaded AgentSettings::load(const QString &path)
{
    const settingsfile::Read read = settingsfile::read(path, &AgentSettings::validate);
    return {AgentSettings(read.json), read.exists, read.error};
}

Status AgentSettings::save(const QString &path) const
{
    return settingsfile::write(path, m_json);
}

Status AgentSettings::update(const std::function<void(AgentSettings &)> &change, const QString &path)
{
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(path).absolutePath()); !folder)
        return folder;
    // An flock (FileLock) writes nothing, so a full disk cannot make the lock fail; and when it
    // does fail for another reason, only a lock someone holds is reported as held. (QLockFile
    // writes its holder's pid into the lock file and said "holding it" for any failure.)
    FileLock lock(path + QStringLiteral(".lock"));
    if (const FileLock::Attempt locked = lock.acquire(kLockTimeoutMs); !locked) {
        return Error{locked.busy ? QStringLiteral("cannot lock %1: another TeamAI process is holding it").arg(path)
                                 : locked.error()};
    }
    Loaded loaded = load(path);
    if (!loaded.error.isEmpty())
        return Error{loaded.error + QStringLiteral(" (fix or delete the file; it was left unchanged)")};
    change(loaded.settings);
    return loaded.settings.save(path);
}

AgentSettings::TokenLocation AgentSettings::tokenLocation() const
{
    return parseLocation(m_json.value(kTokenLocation).toString()).value_or(TokenLocation::None);
}

void AgentSettings::setTokenLocation(TokenLocation location)
{
    m_json.insert(kTokenLocation, tokenLocationName(location));
}

QString AgentSettings::tokenGeneration() const
{
    return m_json.value(kTokenGeneration).toString();
}

void AgentSettings::renewTokenGeneration()
{
    quint64 bits[2];
    QRandomGenerator::system()->fillRange(bits);
    m_json.insert(kTokenGeneration, QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(bits), sizeof bits).toHex()));
}

QString AgentSettings::tokenLocationName(TokenLocation location)
{
    switch (location) {
    case TokenLocation::None: return QStringLiteral("none");
    case TokenLocation::Keychain: return QStringLiteral("keychain");
    case TokenLocation::File: return QStringLiteral("file");
    }
    return QStringLiteral("none");
}

AgentSettings::RemoteCommandSwitch AgentSettings::remoteCommands() const
{
    const QJsonObject remote = m_json.value(kRemoteCommands).toObject();
    RemoteCommandSwitch result;
    const QJsonValue enabled = remote.value(kEnabled);
    result.explicitlySet = enabled.isBool();
    result.enabled = enabled.toBool(true);
    result.changedBy = remote.value(kChangedBy).toString();
    result.changedAt = remote.value(kChangedAt).toString();
    return result;
}

void AgentSettings::setRemoteCommandsEnabled(bool enabled, const QString &changedBy, const QDateTime &at)
{
    QJsonObject remote = m_json.value(kRemoteCommands).toObject();
    remote.insert(kEnabled, enabled);
    remote.insert(kChangedBy, changedBy);
    remote.insert(kChangedAt, at.toUTC().toString(Qt::ISODateWithMs));
    m_json.insert(kRemoteCommands, remote);
}

int AgentSettings::syncIntervalMinutes() const
{
    const QJsonValue value = m_json.value(kSyncInterval);
    return value.isDouble() ? value.toInt(kDefaultSyncIntervalMinutes) : kDefaultSyncIntervalMinutes;
}

void AgentSettings::setSyncIntervalMinutes(int minutes)
{
    m_json.insert(kSyncInterval, std::clamp(minutes, 1, kMaxSyncIntervalMinutes));
}

int AgentSettings::historyRetentionDays() const
{
    const QJsonValue value = m_json.value(kHistoryRetentionDays);
    return value.isDouble() ? value.toInt(kDefaultHistoryRetentionDays) : kDefaultHistoryRetentionDays;
}

qint64 AgentSettings::historyMaxCommands() const
{
    const QJsonValue value = m_json.value(kHistoryMaxCommands);
    return value.isDouble() ? value.toInteger(kDefaultHistoryMaxCommands) : kDefaultHistoryMaxCommands;
}

QStringList AgentSettings::enabledAgents() const
{
    QStringList result;
    for (const QJsonValue &value : m_json.value(kEnabledAgents).toArray())
        result << value.toString();
    return result;
}

void AgentSettings::setEnabledAgents(const QStringList &agents)
{
    m_json.insert(kEnabledAgents, QJsonArray::fromStringList(agents));
}

QStringList AgentSettings::mutedNotifications() const
{
    QStringList result;
    for (const QJsonValue &value : m_json.value(kMutedNotifications).toArray()) {
        if (value.isString())
            result << value.toString();
    }
    return result;
}

void AgentSettings::setMutedNotifications(const QStringList &kinds)
{
    m_json.insert(kMutedNotifications, QJsonArray::fromStringList(kinds));
}

qint64 AgentSettings::commandOutputWindowBytes() const
{
    const QJsonValue value = m_json.value(kCommandOutputWindowBytes);
    if (!value.isDouble())
        return kDefaultCommandOutputWindowBytes;
    const double bytes = value.toDouble();  // range first: casting an out-of-range double is undefined
    return qint64(std::clamp(bytes, double(kMinCommandOutputWindowBytes), double(kMaxCommandOutputWindowBytes)));
}

bool AgentSettings::agentsSeeAllCommands() const
{
    return m_json.value(kAgentsSeeAllCommands).toBool(false);
}

void AgentSettings::setAgentsSeeAllCommands(bool allowed)
{
    m_json.insert(kAgentsSeeAllCommands, allowed);
}

} // namespace teamai
