#include "exec/SpillFile.h"

#include "log/Logging.h"
#include "util/Paths.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

namespace teamai::exec {
namespace {
const QLatin1String kPrefix("exec-");
const QLatin1String kSuffix(".spill");

QString randomName()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    QString hex;
    for (quint32 w : words)
        hex += QStringLiteral("%1").arg(w, 8, 16, QLatin1Char('0'));
    return kPrefix + hex + kSuffix;
}
} // namespace

Status SpillFile::open(const QString &dir)
{
    if (const Status folder = paths::ensurePrivateDir(dir); !folder)
        return folder;
    // NewOnly = O_EXCL, and the permissions are given to open(2) itself: there is no moment in
    // which the file exists with wider access.
    for (int attempt = 0; attempt < 4; ++attempt) {
        m_file.setFileName(dir + u'/' + randomName());
        if (m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly, QFile::ReadOwner | QFile::WriteOwner))
            return {};
    }
    return Error{QStringLiteral("cannot create spill file in %1: %2").arg(dir, m_file.errorString())};
}

bool SpillFile::write(QByteArrayView bytes)
{
    if (m_failed || !m_file.isOpen())
        return false;
    if (m_file.write(bytes.data(), bytes.size()) != bytes.size()) {
        m_failed = true;
        qCWarning(lcExec) << "spill file write failed:" << m_file.fileName() << m_file.errorString();
    }
    return !m_failed;
}

bool SpillFile::close()
{
    if (!m_file.isOpen())
        return !m_failed;
    if (!m_file.flush())
        m_failed = true;
    m_file.close();
    return !m_failed;
}

int SpillFile::removeOlderThan(const QString &dir, int days)
{
    const QDir folder(dir);
    if (!folder.exists())
        return 0;
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addDays(-qMax(0, days));
    int removed = 0;
    const QFileInfoList files = folder.entryInfoList({kPrefix + u'*' + kSuffix}, QDir::Files | QDir::Hidden);
    for (const QFileInfo &info : files) {
        if (info.lastModified().toUTC() < cutoff && QFile::remove(info.absoluteFilePath()))
            ++removed;
    }
    if (removed > 0)
        qCInfo(lcExec) << "removed" << removed << "spill files older than" << days << "days from" << dir;
    return removed;
}

} // namespace teamai::exec
