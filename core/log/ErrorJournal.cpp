#include "log/ErrorJournal.h"

#include "util/Paths.h"
#include "util/Redact.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai {

void recordHookError(const QString &event, const QString &tool, const QString &error)
{
    const QString dir = paths::teamaiHome() + QStringLiteral("/reporter");
    if (!paths::ensurePrivateDir(dir))
        return;
    QFile file(dir + QStringLiteral("/errors.jsonl"));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
        return;
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    const QJsonObject line{
        {QStringLiteral("ts"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("event"), event},
        {QStringLiteral("tool"), tool},
        {QStringLiteral("error"), redactSecrets(error)},
    };
    file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
}

} // namespace teamai
