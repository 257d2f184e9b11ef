#include "store/LastSyncFile.h"

#include "store/LastSyncFile_platform.h"
#include "util/Paths.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::lastsync {

QString defaultPath()
{
    return paths::agentStateDir() + QLatin1Char('/') + QLatin1String(kFileName);
}

Status save(const SyncRecord &record, const QString &path)
{
    const QJsonObject json{{QStringLiteral("time"), record.time.toUTC().toString(Qt::ISODateWithMs)},
                           {QStringLiteral("ok"), record.ok},
                           {QStringLiteral("message"), record.message.left(kMaxMessageLength)},
                           {QStringLiteral("tool"), record.tool}};
    const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact) + '\n';
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(path).absolutePath()); !folder)
        return folder;
    return platform::writeRecord(path, bytes);
}

std::optional<SyncRecord> load(const QString &path)
{
    const QJsonObject json = platform::readRecord(path);
    const QDateTime time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    return SyncRecord{time, json.value(QStringLiteral("ok")).toBool(), json.value(QStringLiteral("message")).toString(),
                      json.value(QStringLiteral("tool")).toString()};
}

} // namespace teamai::lastsync
