#include "mcp/SafeFile.h"

#include "util/JsonFile.h"
#include "util/Paths.h"
#include "util/SafePath.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace teamai::mcp::safefile {

Read readInside(const QString &base, const QString &path)
{
    Read read;
    const safepath::Resolved checked = safepath::checkInside(base, path);
    if (!checked.ok) {
        read.error = checked.error;
        return read;
    }
    QFile file(checked.realPath);
    if (!file.exists()) {
        read.ok = true;
        return read;
    }
    if (file.size() > kMaxFileBytes) {
        read.error = QStringLiteral("%1 is larger than %2 MiB").arg(path).arg(kMaxFileBytes / (1024 * 1024));
        return read;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        read.error = QStringLiteral("Cannot read %1: %2").arg(path, file.errorString());
        return read;
    }
    read.bytes = file.readAll();
    read.exists = true;
    read.ok = true;
    return read;
}

Status writeInside(const QString &base, const QString &path, const QByteArray &bytes)
{
    // The folders that do not exist yet, outermost first: they are created owner-only.
    QStringList missing;
    const QString cleanBase = QDir::cleanPath(base);
    for (QString dir = QFileInfo(QDir::cleanPath(path)).absolutePath();
         dir.startsWith(cleanBase + u'/') && !QFileInfo(dir).exists(); dir = QFileInfo(dir).absolutePath())
        missing.prepend(dir);
    if (!missing.isEmpty()) {
        if (const Result<QString> made = safepath::makeDirs(base, missing.last()); !made)
            return Error{made.error()};
    }
    for (const QString &dir : missing)
        paths::restrictMode(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return safepath::writeFile(base, path, bytes, jsonfile::kPrivateFile, safepath::Mode::KeepExisting);
}

} // namespace teamai::mcp::safefile
