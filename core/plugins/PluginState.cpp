#include "plugins/PluginState.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

namespace teamai::plugins::state {
namespace {

QJsonObject readObject(const QString &path)
{
    return jsonfile::readObject(path).object;
}

Status writeObject(const QString &path, const QJsonObject &object)
{
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    return jsonfile::writeObject(path, object, jsonfile::kPrivateFile);
}

/// A timestamp field in milliseconds; 0 when absent or not a number.
qint64 millis(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isDouble() ? qint64(value.toDouble()) : 0;
}

} // namespace

QString pluginsPath()
{
    return paths::agentStateDir() + QStringLiteral("/plugins.json");
}

QString pullPath()
{
    return paths::agentStateDir() + QStringLiteral("/plugin-pull.json");
}

QJsonObject readPlugins()
{
    return readObject(pluginsPath());
}

Status writePlugins(const QJsonObject &plugins)
{
    return writeObject(pluginsPath(), plugins);
}

QJsonObject readPull()
{
    return readObject(pullPath());
}

Status writePull(const QJsonObject &pull)
{
    return writeObject(pullPath(), pull);
}

bool pullDue(const QJsonObject &pull, qint64 nowMs)
{
    const qint64 lastPull = millis(pull, "lastPullAt");
    const qint64 lastFail = millis(pull, "lastFailAt");
    if (lastPull > 0 && nowMs - lastPull < kPullIntervalMs)
        return false;
    return !(lastFail > 0 && nowMs - lastFail < kFailBackoffMs);
}

} // namespace teamai::plugins::state
