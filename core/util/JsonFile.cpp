#include "util/JsonFile.h"

#include "util/AtomicFile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace teamai::jsonfile {

namespace {

ObjectRead invalid(const QString &error)
{
    return ObjectRead{ReadStatus::Invalid, {}, error};
}

} // namespace

ObjectRead readObject(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return invalid(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return invalid(QStringLiteral("%1 is not valid JSON: %2 at offset %3")
                           .arg(path, parseError.errorString()).arg(parseError.offset));
    if (!doc.isObject())
        return invalid(QStringLiteral("%1 does not hold a JSON object").arg(path));
    return ObjectRead{ReadStatus::Ok, doc.object(), {}};
}

Status writeAtomically(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    return atomicfile::write(path, bytes, permissions);
}

Status writeObject(const QString &path, const QJsonObject &object, QFileDevice::Permissions permissions)
{
    return writeAtomically(path, QJsonDocument(object).toJson(QJsonDocument::Indented), permissions);
}

} // namespace teamai::jsonfile
