#include "store/LastSyncFile_platform.h"

#include "util/JsonFile.h"

namespace teamai::lastsync::platform {

// No flock() here to lock the file itself: replaced atomically, so a reader still sees the old
// record or the new one. Not built on the Linux CI machines: review by reading.
Status writeRecord(const QString &path, const QByteArray &bytes)
{
    return jsonfile::writeAtomically(path, bytes, jsonfile::kPrivateFile);
}

QJsonObject readRecord(const QString &path)
{
    return jsonfile::readObject(path).object;
}

} // namespace teamai::lastsync::platform
