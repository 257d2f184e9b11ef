#include "hookinput/HookPayloadFile_platform.h"

#include <QFile>
#include <QFileInfo>

namespace teamai::hookpayload::platform {

// Not built on the Linux CI machines: review by reading.
FileRead readAndRemoveFile(const QString &path, qint64 maxBytes)
{
    FileRead result;
    // Windows: no owner check (files in the user's temp folder are the user's); links refused.
    const QFileInfo info(path);
    if (info.isSymLink() || info.isJunction() || !info.isFile()) {
        result.problem = QStringLiteral("not a regular file, not read");
        return result;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.problem = file.errorString();
        return result;
    }
    result.bytes = file.read(maxBytes);
    file.close();
    result.removed = QFile::remove(path);
    if (!result.removed)
        result.problem = QStringLiteral("not removed: %1").arg(file.errorString());
    return result;
}

} // namespace teamai::hookpayload::platform
