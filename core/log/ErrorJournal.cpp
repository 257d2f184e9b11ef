#include "log/ErrorJournal.h"

#include "util/Paths.h"
#include "util/Redact.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai {
namespace {

// Several hooks may rotate at once; rename is atomic, so the worst case is one extra rotation.
void rotateIfFull(const QString &path)
{
    if (QFileInfo(path).size() < kErrorJournalMaxBytes)
        return;
    const QString older = path + QStringLiteral(".1");
    QFile::remove(older);
    QFile::rename(path, older);
}

QByteArray entry(const QString &event, const QString &tool, const QString &error)
{
    QString text = redactSecrets(error);
    if (text.size() > kErrorJournalMaxErrorChars)
        text = text.left(kErrorJournalMaxErrorChars) + QStringLiteral("…");
    const QJsonObject line{
        {QStringLiteral("ts"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("event"), event},
        {QStringLiteral("tool"), tool},
        {QStringLiteral("error"), text},
    };
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

void recordHookError(const QString &event, const QString &tool, const QString &error)
{
    const QString dir = paths::teamaiHome() + QStringLiteral("/reporter");
    if (!paths::ensurePrivateDir(dir))
        return;
    const QString path = dir + QStringLiteral("/errors.jsonl");
    rotateIfFull(path);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return;
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    file.write(entry(event, tool, error));
}

} // namespace teamai
