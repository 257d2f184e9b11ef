#include "output/CommandOutput.h"

#include "log/Logging.h"
#include "output/OutputFiles.h"
#include "util/AtomicFile.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <deque>

namespace teamai::output {
namespace {

constexpr qint64 kMinSegmentBytes = 1024;

/// One stream's files: the segment being written and the ones still kept.
struct StreamFiles {
    Stream stream = Stream::Out;
    qint64 end = 0;                     // absolute offset of the next byte
    std::deque<files::Segment> kept;    // oldest first; the last one may be `current`
    QFile current;                      // open while it has room
};

/// Removes a folder of ours: a link in its place is removed itself, never followed.
bool removeRunFolder(const QString &path)
{
    const QFileInfo info(path);
    if (info.isSymLink())
        return QFile::remove(path);
    return !info.exists() || QDir(path).removeRecursively();
}

/// Keeps the newest kKeepRunsPerTool run folders of a tool (by last change), @p keep included.
void pruneRuns(const QString &toolFolder, const QString &keep)
{
    QFileInfoList runs = QDir(toolFolder).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Time);
    runs.removeIf([&](const QFileInfo &run) { return run.absoluteFilePath() == keep; });
    for (qsizetype i = OutputWriter::kKeepRunsPerTool - 1; i < runs.size(); ++i)
        removeRunFolder(runs.at(i).absoluteFilePath());
}

} // namespace

struct OutputWriter::Private {
    QString folder;
    qint64 windowBytes = 0;
    qint64 segmentBytes = 0;
    StreamFiles out;
    StreamFiles err;
    QJsonObject state;
    bool finished = false;

    StreamFiles &files(Stream stream) { return stream == Stream::Out ? out : err; }
    bool writeState();
    bool openSegment(StreamFiles &stream);
    void closeSegment(StreamFiles &stream);
    void dropOldSegments(StreamFiles &stream);
};

bool OutputWriter::Private::writeState()
{
    const QString path = folder + u'/' + QLatin1String(files::kStateFile);
    const Status written = atomicfile::write(path, QJsonDocument(state).toJson(QJsonDocument::Compact), jsonfile::kPrivateFile);
    if (!written)
        qCWarning(lcExec).noquote() << "command output state not written:" << written.error();
    return written.ok();
}

bool OutputWriter::Private::openSegment(StreamFiles &stream)
{
    stream.current.setFileName(folder + u'/' + files::segmentName(stream.stream, stream.end));
    // NewOnly is O_EXCL: nothing (not even a link) can be in its place. Unbuffered: readers in
    // other processes see each chunk as soon as it was read from the child.
    if (!stream.current.open(QIODevice::WriteOnly | QIODevice::NewOnly | QIODevice::Unbuffered, jsonfile::kPrivateFile)) {
        qCWarning(lcExec).noquote() << "command output not written:" << stream.current.errorString();
        return false;
    }
    stream.kept.push_back(files::Segment{stream.end, 0, stream.current.fileName()});
    return true;
}

void OutputWriter::Private::closeSegment(StreamFiles &stream)
{
    if (stream.current.isOpen())
        stream.current.close();
}

void OutputWriter::Private::dropOldSegments(StreamFiles &stream)
{
    qint64 kept = 0;
    for (const files::Segment &segment : stream.kept)
        kept += segment.size;
    // Readers still holding a deleted segment open read it to the end (POSIX); the next read
    // from its offset reports the loss.
    while (kept > windowBytes && stream.kept.size() > 1) {
        kept -= stream.kept.front().size;
        QFile::remove(stream.kept.front().path);
        stream.kept.pop_front();
    }
}

OutputWriter::OutputWriter(std::unique_ptr<Private> data)
    : d(std::move(data))
{
}

OutputWriter::~OutputWriter()
{
    d->closeSegment(d->out);
    d->closeSegment(d->err);
}

Result<std::unique_ptr<OutputWriter>> OutputWriter::create(const OutputKey &key, qint64 windowBytes)
{
    auto d = std::make_unique<Private>();
    d->folder = folderFor(key);
    d->windowBytes = std::max<qint64>(windowBytes, kMinSegmentBytes);
    d->segmentBytes = std::max<qint64>(d->windowBytes / 4, kMinSegmentBytes);
    d->out.stream = Stream::Out;
    d->err.stream = Stream::Err;
    const QString toolFolder = QFileInfo(d->folder).path();
    if (const Status folder = paths::ensurePrivateDir(toolFolder); !folder)
        return Error{folder.error()};
    // A new run replaces the output of an earlier run of the same command.
    if (!removeRunFolder(d->folder) || !QDir().mkdir(d->folder)
        || !paths::restrictMode(d->folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
        return Error{QStringLiteral("cannot create the output folder %1").arg(d->folder)};
    pruneRuns(toolFolder, d->folder);
    d->state = QJsonObject{{QStringLiteral("tool"), key.tool},
                           {QStringLiteral("commandId"), key.commandId},
                           {QStringLiteral("finished"), false},
                           {QStringLiteral("startedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}};
    if (!d->writeState())
        return Error{QStringLiteral("cannot write the output state in %1").arg(d->folder)};
    return std::unique_ptr<OutputWriter>(new OutputWriter(std::move(d)));
}

void OutputWriter::setPid(qint64 pid)
{
    d->state.insert(QStringLiteral("pid"), pid);
    d->writeState();
}

void OutputWriter::append(Stream stream, QByteArrayView bytes)
{
    StreamFiles &files = d->files(stream);
    while (!bytes.isEmpty() && !d->finished) {
        if (files.current.isOpen() && files.kept.back().size >= d->segmentBytes)
            d->closeSegment(files);
        if (!files.current.isOpen() && !d->openSegment(files)) {
            files.end += bytes.size();  // a hole: readers see the loss
            return;
        }
        const qint64 room = d->segmentBytes - files.kept.back().size;
        const QByteArrayView part = bytes.first(std::min<qint64>(room, bytes.size()));
        const qint64 written = files.current.write(part.data(), part.size());
        if (written != part.size()) {
            // Disk full or similar: what did not fit is a hole, the command goes on regardless.
            qCWarning(lcExec).noquote() << "command output not written:" << files.current.errorString();
            const qint64 done = std::max<qint64>(written, 0);
            files.kept.back().size += done;
            files.end += bytes.size();
            d->closeSegment(files);
            return;
        }
        files.kept.back().size += written;
        files.end += written;
        bytes = bytes.sliced(written);
        d->dropOldSegments(files);
    }
}

void OutputWriter::skip(Stream stream, qint64 bytes)
{
    if (bytes <= 0 || d->finished)
        return;
    StreamFiles &files = d->files(stream);
    d->closeSegment(files);
    files.end += bytes;
}

void OutputWriter::finish(std::optional<int> exitCode, const QString &spillOut, const QString &spillErr)
{
    if (std::exchange(d->finished, true))
        return;
    d->closeSegment(d->out);
    d->closeSegment(d->err);
    d->state.insert(QStringLiteral("finished"), true);
    d->state.insert(QStringLiteral("finishedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    d->state.insert(QStringLiteral("outEnd"), d->out.end);
    d->state.insert(QStringLiteral("errEnd"), d->err.end);
    if (exitCode)
        d->state.insert(QStringLiteral("exitCode"), *exitCode);
    if (!spillOut.isEmpty())
        d->state.insert(QStringLiteral("spillOut"), spillOut);
    if (!spillErr.isEmpty())
        d->state.insert(QStringLiteral("spillErr"), spillErr);
    d->writeState();
}

qint64 OutputWriter::end(Stream stream) const
{
    return d->files(stream).end;
}

} // namespace teamai::output
