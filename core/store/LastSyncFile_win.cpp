#include "store/LastSyncFile_platform.h"

#include "util/JsonFile.h"

namespace teamai::lastsync::platform {

// No flock() here to lock the file itself: replaced atomically, so a reader still sees the old
// record or the new one. Not built on the Linux CI machines: review by reading.
bool writeRecord(const QString &path, const QByteArray &bytes, QString *error)
{
    return jsonfile::writeAtomically(path, bytes, jsonfile::kPrivateFile, error);
}

QJsonObject readRecord(const QString &path)
{
    QJsonObject json;
    jsonfile::readObject(path, &json);
    return json;
}

} // namespace teamai::lastsync::platform
