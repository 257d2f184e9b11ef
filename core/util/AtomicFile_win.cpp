#include "util/AtomicFile_platform.h"

#include "util/AtomicFile.h"

#include <QSaveFile>

#include <cerrno>

namespace teamai::atomicfile::platform {

// QSaveFile does the temporary file and the replace. Not built on the Linux CI machines: review
// by reading.
Status replace(const QString &path, const QByteArray &bytes, QFileDevice::Permissions permissions)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return Error{writeError(EACCES, path)};
    file.setPermissions(permissions);
    // Unbuffered, so a failed write shows here and not (or not only) in commit().
    if (file.write(bytes) != bytes.size() || !file.flush() || file.size() != bytes.size() || !file.commit()) {
        file.cancelWriting();
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    }
    return {};
}

} // namespace teamai::atomicfile::platform
