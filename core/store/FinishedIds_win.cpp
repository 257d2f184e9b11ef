#include "store/FinishedIds_platform.h"

#include <QFile>

namespace teamai::finishedids {

// No flock() here: appended through QFile. Not built on the Linux CI machines: review by reading.
Status appendAll(const QString &path, const QList<Entry> &entries)
{
    if (entries.isEmpty())
        return {};
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    const QByteArray lines = detail::linesOf(entries);
    if (file.write(lines) != lines.size() || !file.flush())
        return Error{QStringLiteral("%1 while writing %2").arg(file.errorString(), path)};
    if (file.size() > detail::kCompactAboveBytes) {
        file.close();
        QFile reader(path);
        if (reader.open(QIODevice::ReadOnly))
            detail::compact(path, reader.readAll());
    }
    return {};
}

} // namespace teamai::finishedids
