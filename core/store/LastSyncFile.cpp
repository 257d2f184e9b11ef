#include "store/LastSyncFile.h"

#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::lastsync {

QString defaultPath()
{
    return paths::agentStateDir() + QLatin1Char('/') + QLatin1String(kFileName);
}

bool save(const SyncRecord &record, const QString &path, QString *error)
{
    const QJsonObject json{{QStringLiteral("time"), record.time.toUTC().toString(Qt::ISODateWithMs)},
                           {QStringLiteral("ok"), record.ok},
                           {QStringLiteral("message"), record.message},
                           {QStringLiteral("tool"), record.tool}};
    return paths::ensurePrivateDir(QFileInfo(path).absolutePath(), error)
        && jsonfile::replaceUnsynced(path, QJsonDocument(json).toJson(QJsonDocument::Compact), jsonfile::kPrivateFile, error);
}

std::optional<SyncRecord> load(const QString &path)
{
    QJsonObject json;
    if (jsonfile::readObject(path, &json) != jsonfile::ReadStatus::Ok)
        return std::nullopt;
    const QDateTime time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    return SyncRecord{time, json.value(QStringLiteral("ok")).toBool(), json.value(QStringLiteral("message")).toString(),
                      json.value(QStringLiteral("tool")).toString()};
}

} // namespace teamai::lastsync
