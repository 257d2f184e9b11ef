#include "util/JsonFile.h"

#include "util/AtomicFile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace teamai::jsonfile {

ReadStatus readObject(const QString &path, QJsonObject *out, QString *error)
{
    QFile file(path);
    if (!file.exists())
        return ReadStatus::Missing;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return ReadStatus::Invalid;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error) {
            *error = parseError.error != QJsonParseError::NoError
                ? QStringLiteral("%1 is not valid JSON: %2 at offset %3")
                      .arg(path, parseError.errorString()).arg(parseError.offset)
                : QStringLiteral("%1 does not hold a JSON object").arg(path);
        }
        return ReadStatus::Invalid;
    }
    if (out)
        *out = doc.object();
    return ReadStatus::Ok;
}

bool writeAtomically(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions,
                     QString *error)
{
    return atomicfile::write(path, bytes, permissions, error);
}

bool writeObject(const QString &path, const QJsonObject &object, QFileDevice::Permissions permissions,
                 QString *error)
{
    return writeAtomically(path, QJsonDocument(object).toJson(QJsonDocument::Indented), permissions, error);
}

} // namespace teamai::jsonfile
