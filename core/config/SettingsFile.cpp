#include "config/SettingsFile.h"

#include "log/Logging.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFileInfo>

namespace teamai::settingsfile {

bool isAbsent(const QJsonValue &value)
{
    return value.isUndefined() || value.isNull();
}

Read read(const QString &path, const std::function<Status(const QJsonObject &)> &validate)
{
    Read result;
    const jsonfile::ObjectRead file = jsonfile::readObject(path);
    const QJsonObject &json = file.object;
    switch (file.status) {
    case jsonfile::ReadStatus::Missing:
        return result;
    case jsonfile::ReadStatus::Invalid:
        result.exists = true;
        result.error = file.error;
        qCWarning(lcConfig).noquote() << result.error;
        return result;
    case jsonfile::ReadStatus::Ok:
        break;
    }
    result.exists = true;
    if (const Status valid = validate(json); !valid) {
        result.error = QStringLiteral("%1 is invalid: %2").arg(path, valid.error());
        qCWarning(lcConfig).noquote() << result.error;
        return result;
    }
    result.json = json;
    return result;
}

Status write(const QString &path, const QJsonObject &json)
{
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(path).absolutePath()); !folder)
        return folder;
    return jsonfile::writeObject(path, json, jsonfile::kPrivateFile);
}

} // namespace teamai::settingsfile
