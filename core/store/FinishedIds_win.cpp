#include "store/FinishedIds_platform.h"

#include <QFile>

namespace teamai::finishedids {

// No flock() here: appended through QFile. Not built on the Linux CI machines: review by reading.
bool append(const QString &path, const Entry &entry, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        if (error)
            *error = QStringLiteral("%1 while writing %2").arg(file.errorString(), path);
        return false;
    }
    const QByteArray line = detail::lineOf(entry);
    if (file.write(line) != line.size() || !file.flush()) {
        if (error)
            *error = QStringLiteral("%1 while writing %2").arg(file.errorString(), path);
        return false;
    }
    if (file.size() > detail::kCompactAboveBytes) {
        file.close();
        QFile reader(path);
        if (reader.open(QIODevice::ReadOnly))
            detail::compact(path, reader.readAll());
    }
    return true;
}

} // namespace teamai::finishedids
