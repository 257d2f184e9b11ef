#include "output/CommandOutput.h"

#include "output/OutputFiles.h"

#include <QFile>
#include <QJsonObject>

#include <algorithm>

namespace teamai::output {
namespace {

/// Bytes at the end of @p bytes that begin a UTF-8 sequence not yet complete.
qsizetype incompleteUtf8Tail(const QByteArray &bytes)
{
    // Look back at most 3 bytes for the lead byte of the last sequence.
    for (qsizetype back = 1; back <= std::min<qsizetype>(3, bytes.size()); ++back) {
        const auto byte = static_cast<unsigned char>(bytes.at(bytes.size() - back));
        if ((byte & 0xC0) == 0x80)
            continue;  // a continuation byte: the lead is further back
        const qsizetype length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        return length > back ? back : 0;
    }
    return 0;
}

struct StreamRead {
    QByteArray bytes;
    qint64 next = 0;
    bool lossy = false;
};

/// Reads one stream from @p from: from the segment holding it, or — when that byte is no longer
/// kept — from the oldest byte after it (lossy). Stops at a hole, so the next read reports it.
StreamRead readStream(const QString &folder, Stream stream, qint64 from, qint64 end, qint64 maxBytes)
{
    StreamRead result;
    result.next = std::min(from, end);
    for (const files::Segment &segment : files::segments(folder, stream)) {
        if (segment.end() <= result.next || segment.size == 0)
            continue;
        if (segment.start > result.next) {
            if (!result.bytes.isEmpty())
                break;  // a hole after what we read: the next read reports it
            result.lossy = true;
            result.next = segment.start;
        }
        QFile file(segment.path);
        if (!file.open(QIODevice::ReadOnly) || !file.seek(result.next - segment.start))
            break;  // deleted meanwhile (window moved on): the next read skips ahead
        const QByteArray part = file.read(maxBytes - result.bytes.size());
        result.bytes += part;
        result.next += part.size();
        if (result.bytes.size() >= maxBytes || result.next < segment.end())
            break;
    }
    return result;
}

/// The stream's end: the writer's final count once finished (a trailing hole included), else
/// the end of its newest segment.
qint64 streamEnd(const QString &folder, Stream stream, const QJsonObject &state)
{
    const QString key = stream == Stream::Out ? QStringLiteral("outEnd") : QStringLiteral("errEnd");
    if (state.value(QStringLiteral("finished")).toBool() && state.value(key).isDouble())
        return state.value(key).toInteger();
    const QList<files::Segment> all = files::segments(folder, stream);
    return all.isEmpty() ? 0 : all.constLast().end();
}

void keepWholeUtf8(StreamRead &read, bool atEnd)
{
    if (atEnd)
        return;
    const qsizetype cut = incompleteUtf8Tail(read.bytes);
    read.bytes.chop(cut);
    read.next -= cut;
}

/// After the end: bytes up to the writer's final count that no segment holds (lost at the very
/// end) are reported once and stepped over, so that a finished read can complete.
void skipTrailingHole(StreamRead &read, qint64 end)
{
    if (read.bytes.isEmpty() && read.next < end) {
        read.lossy = true;
        read.next = end;
    }
}

} // namespace

OutputDelta read(const OutputKey &key, const Cursor &from, qint64 maxBytes, bool wholeUtf8)
{
    OutputDelta delta;
    const QString folder = folderFor(key);
    // The state first: once it says finished, every byte is already in the segments.
    const QJsonObject state = files::readStateJson(folder);
    delta.state = files::stateFromJson(state);
    if (!delta.state.exists)
        return delta;
    maxBytes = std::max<qint64>(maxBytes, 4);
    const qint64 outEnd = streamEnd(folder, Stream::Out, state);
    const qint64 errEnd = streamEnd(folder, Stream::Err, state);
    StreamRead out = readStream(folder, Stream::Out, from.out, outEnd, maxBytes);
    StreamRead err = readStream(folder, Stream::Err, from.err, errEnd, maxBytes);
    if (wholeUtf8) {
        keepWholeUtf8(out, delta.state.finished && out.next >= outEnd);
        keepWholeUtf8(err, delta.state.finished && err.next >= errEnd);
    }
    if (delta.state.finished) {
        skipTrailingHole(out, outEnd);
        skipTrailingHole(err, errEnd);
    }
    delta.out = std::move(out.bytes);
    delta.err = std::move(err.bytes);
    delta.lossyOut = out.lossy;
    delta.lossyErr = err.lossy;
    delta.next = Cursor{out.next, err.next};
    delta.complete = delta.state.finished && out.next >= outEnd && err.next >= errEnd;
    return delta;
}

} // namespace teamai::output
