#include "output/CommandOutput.h"

#include "output/OutputFiles.h"
#include "util/Paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>

namespace teamai::output {

QString folderFor(const OutputKey &key)
{
    return paths::agentStateDir() + QStringLiteral("/output/") + key.tool + u'/' + QString::number(key.commandId);
}

QString Cursor::encode() const
{
    return QString::number(out) + u'.' + QString::number(err);
}

std::optional<Cursor> Cursor::decode(const QString &text)
{
    const qsizetype dot = text.indexOf(u'.');
    if (dot <= 0 || dot == text.size() - 1 || text.size() > 41)
        return std::nullopt;
    const auto number = [](QStringView digits) -> std::optional<qint64> {
        if (digits.size() > 18 || !std::all_of(digits.begin(), digits.end(), [](QChar c) { return c >= u'0' && c <= u'9'; }))
            return std::nullopt;
        return digits.toLongLong();
    };
    const std::optional<qint64> out = number(QStringView(text).left(dot));
    const std::optional<qint64> err = number(QStringView(text).mid(dot + 1));
    if (!out || !err)
        return std::nullopt;
    return Cursor{*out, *err};
}

RunState readState(const OutputKey &key)
{
    return files::stateFromJson(files::readStateJson(folderFor(key)));
}

namespace files {

QString prefix(Stream stream)
{
    return stream == Stream::Out ? QStringLiteral("out") : QStringLiteral("err");
}

QString segmentName(Stream stream, qint64 offset)
{
    return prefix(stream) + u'.' + QStringLiteral("%1").arg(offset, 16, 10, QLatin1Char('0'));
}

QList<Segment> segments(const QString &folder, Stream stream)
{
    QList<Segment> found;
    const QString wanted = prefix(stream) + u'.';
    const QFileInfoList entries = QDir(folder).entryInfoList({wanted + u'*'}, QDir::Files | QDir::System | QDir::Hidden, QDir::Name);
    for (const QFileInfo &entry : entries) {
        const QString digits = entry.fileName().mid(wanted.size());
        bool ok = false;
        const qint64 start = digits.toLongLong(&ok);
        if (entry.isSymLink() || !entry.isFile() || digits.size() != 16 || !ok || start < 0)
            continue;
        found.append(Segment{start, entry.size(), entry.absoluteFilePath()});
    }
    return found;  // QDir::Name sorts the zero-padded offsets numerically
}

QJsonObject readStateJson(const QString &folder)
{
    const QString path = folder + u'/' + QLatin1String(kStateFile);
    const QFileInfo info(path);
    if (info.isSymLink() || !info.isFile() || info.size() > kMaxStateBytes)
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.read(kMaxStateBytes)).object();
}

RunState stateFromJson(const QJsonObject &json)
{
    RunState state;
    if (json.isEmpty())
        return state;
    state.exists = true;
    state.finished = json.value(QStringLiteral("finished")).toBool();
    state.running = !state.finished;
    state.pid = json.value(QStringLiteral("pid")).toInteger();
    state.startedAt = QDateTime::fromString(json.value(QStringLiteral("startedAt")).toString(), Qt::ISODateWithMs);
    state.finishedAt = QDateTime::fromString(json.value(QStringLiteral("finishedAt")).toString(), Qt::ISODateWithMs);
    if (json.value(QStringLiteral("exitCode")).isDouble())
        state.exitCode = json.value(QStringLiteral("exitCode")).toInt();
    state.spillOut = json.value(QStringLiteral("spillOut")).toString();
    state.spillErr = json.value(QStringLiteral("spillErr")).toString();
    return state;
}

} // namespace files
} // namespace teamai::output
