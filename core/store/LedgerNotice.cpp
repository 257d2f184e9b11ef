#include "store/LedgerNotice.h"

#include "util/JsonFile.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace teamai::ledgernotice {

QString Notice::describe(const QString &noticePath) const
{
    return QStringLiteral("The command ledger was damaged (%1) and was set aside on %2 as %3. "
                          "Recovered into the new ledger: %4 command(s) and %5 acknowledgement(s) read back, "
                          "%6 finished command(s) restored from the finished-ids record, so none of them runs again. "
                          "Keep the set-aside files for inspection or delete them; delete %7 to dismiss this notice.")
        .arg(reason, time.toUTC().toString(Qt::ISODate), files.join(QStringLiteral(", ")))
        .arg(recoveredCommands)
        .arg(recoveredAcks)
        .arg(restoredFinishedIds)
        .arg(noticePath);
}

QString pathFor(const QString &ledgerPath)
{
    return QFileInfo(ledgerPath).absolutePath() + QStringLiteral("/ledger-set-aside.json");
}

Status save(const QString &path, const Notice &n)
{
    const QJsonObject json{{QStringLiteral("time"), n.time.toUTC().toString(Qt::ISODateWithMs)},
                           {QStringLiteral("reason"), n.reason},
                           {QStringLiteral("files"), QJsonArray::fromStringList(n.files)},
                           {QStringLiteral("recoveredCommands"), n.recoveredCommands},
                           {QStringLiteral("recoveredAcks"), n.recoveredAcks},
                           {QStringLiteral("restoredFinishedIds"), n.restoredFinishedIds}};
    return jsonfile::writeObject(path, json, jsonfile::kPrivateFile);
}

std::optional<Notice> load(const QString &path)
{
    const jsonfile::ObjectRead read = jsonfile::readObject(path);
    if (!read.ok())
        return std::nullopt;
    const QJsonObject &json = read.object;
    Notice n;
    n.time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    n.reason = json.value(QStringLiteral("reason")).toString();
    for (const auto &file : json.value(QStringLiteral("files")).toArray())
        n.files.append(file.toString());
    n.recoveredCommands = json.value(QStringLiteral("recoveredCommands")).toInt();
    n.recoveredAcks = json.value(QStringLiteral("recoveredAcks")).toInt();
    n.restoredFinishedIds = json.value(QStringLiteral("restoredFinishedIds")).toInt();
    return n;
}

} // namespace teamai::ledgernotice
