#include "store/FinishedIds.h"

#include "store/FinishedIds_platform.h"
#include "util/AtomicFile.h"
#include "util/JsonFile.h"

#include <QFile>
#include <QFileInfo>

namespace teamai::finishedids {
namespace {

// Compaction keeps the newest 10,000 entries. The backend re-sends an id only while it waits for
// its ack, never weeks later.
constexpr qsizetype kKeepEntries = 10000;

QList<Entry> parse(const QByteArray &bytes)
{
    QList<Entry> entries;
    for (const QByteArray &line : bytes.split('\n')) {
        const QList<QByteArray> fields = line.trimmed().split(' ');
        if (fields.size() < 3)
            continue;  // a torn last line after a crash
        bool ok = false;
        const qint64 id = fields.at(1).toLongLong(&ok);
        if (!ok)
            continue;
        const QString type = fields.size() > 3 && fields.at(3) != "-" ? QString::fromUtf8(fields.at(3)) : QString();
        entries.append({QString::fromUtf8(fields.at(0)), id, QString::fromUtf8(fields.at(2)), type});
    }
    return entries;
}

} // namespace

namespace detail {

QByteArray lineOf(const Entry &e)
{
    return QStringLiteral("%1 %2 %3 %4\n").arg(e.agent).arg(e.id).arg(e.state, e.type.isEmpty() ? QStringLiteral("-") : e.type).toUtf8();
}

QByteArray linesOf(const QList<Entry> &entries)
{
    QByteArray lines;
    for (const Entry &entry : entries)
        lines += lineOf(entry);
    return lines;
}

void compact(const QString &path, const QByteArray &bytes)
{
    QList<Entry> entries = parse(bytes);
    QByteArray kept;
    for (qsizetype i = std::max<qsizetype>(0, entries.size() - kKeepEntries); i < entries.size(); ++i)
        kept += lineOf(entries.at(i));
    (void)atomicfile::write(path, kept, jsonfile::kPrivateFile);  // a failure leaves the longer file: harmless
}

} // namespace detail

QString pathFor(const QString &ledgerPath)
{
    return QFileInfo(ledgerPath).absolutePath() + QStringLiteral("/finished-ids");
}

Status append(const QString &path, const Entry &entry)
{
    return appendAll(path, {entry});
}

QList<Entry> readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parse(file.readAll());
}

} // namespace teamai::finishedids
