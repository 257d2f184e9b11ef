#pragma once

#include "output/CommandOutput.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// Internal to core/output: the names of the files in a command's output folder, shared by the
// writer and the readers.
namespace teamai::output::files {

inline constexpr char kStateFile[] = "state.json";
inline constexpr qint64 kMaxStateBytes = 64 * 1024;

/// @brief "out" or "err": the prefix of the stream's segment files.
QString prefix(Stream stream);
/// @brief `<prefix>.<offset>` with the offset zero-padded to 16 digits, so names sort by offset.
QString segmentName(Stream stream, qint64 offset);

struct Segment {
    qint64 start = 0;
    qint64 size = 0;
    QString path;
    qint64 end() const { return start + size; }
};

/// @brief The stream's segment files in @p folder, by offset. Links and anything that is not a
/// regular file with a well-formed name are ignored.
QList<Segment> segments(const QString &folder, Stream stream);

/// @brief The state file's JSON, or an empty object when missing, a link, too large or invalid.
QJsonObject readStateJson(const QString &folder);
RunState stateFromJson(const QJsonObject &json);

} // namespace teamai::output::files
