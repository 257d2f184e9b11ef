#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QDateTime>
#include <QString>
#include <QtGlobal>

#include <memory>
#include <optional>

namespace teamai::output {

/// @brief Which of a command's streams.
enum class Stream { Out, Err };

/// @brief Whose output: the agent tool a command came for (also the executor's owner token and
/// the readers' isolation key) and the backend's command id.
struct OutputKey {
    QString tool;
    qint64 commandId = 0;
};

/// @brief `<agent state dir>/output/<tool>/<commandId>`: one 0700 folder per command run, files
/// 0600. The tool must be a known tool name and the id positive (callers validated both).
QString folderFor(const OutputKey &key);

/// @brief A reader's position in both streams: absolute byte offsets since the command started.
/// Serialised as an opaque string for MCP clients ("<out>.<err>", decimal).
struct Cursor {
    qint64 out = 0;
    qint64 err = 0;

    QString encode() const;
    /// @brief nullopt for anything that is not two non-negative decimal numbers.
    static std::optional<Cursor> decode(const QString &text);
};

/// @brief What the writer's state file says about the run (written at start and at the end).
struct RunState {
    bool exists = false;          ///< the folder and its state file were found
    bool running = false;
    bool finished = false;
    qint64 pid = 0;
    QDateTime startedAt;
    QDateTime finishedAt;
    std::optional<int> exitCode;
    QString spillOut;             ///< the executor's spill file: the complete stream, when it outgrew memory
    QString spillErr;
};

/// @brief The output since a cursor.
struct OutputDelta {
    RunState state;
    QByteArray out;               ///< new stdout bytes from the cursor (or from the oldest kept byte)
    QByteArray err;
    Cursor next;                  ///< pass back to read on
    bool lossyOut = false;        ///< bytes after the cursor were no longer kept: `out` starts later
    bool lossyErr = false;
    bool complete = false;        ///< finished and `next` is at the end of both streams
};

/// @brief Writes a running command's output as it arrives to its output folder, so that readers
/// in other processes (tray, `teamai mcp`, `teamai history --follow`) can follow it.
///
/// Each stream is a series of segment files named by the absolute offset of their first byte
/// (`out.<offset>`, `err.<offset>`). At most `windowBytes` per stream are kept: once a stream
/// outgrows it, its oldest segments are deleted — a reader whose cursor pointed there gets the
/// oldest byte still kept and the lossy flag. Bytes that could not be written (disk full) or that
/// the executor dropped are a hole in the offsets, which readers also see as lossy. A write
/// failure never fails the command: output files are for watching, the ledger keeps the result.
class OutputWriter
{
public:
    ~OutputWriter();
    Q_DISABLE_COPY(OutputWriter)

    /// @brief Creates (or empties: a run replaces an earlier run's output) the command's folder
    /// and writes the state file "running". Removes the oldest command folders of the tool beyond
    /// kKeepRunsPerTool. Fails when the folder cannot be made private or a link is in the way.
    static Result<std::unique_ptr<OutputWriter>> create(const OutputKey &key, qint64 windowBytes);

    void setPid(qint64 pid);
    /// @brief Appends to the stream's current segment (a new one when it is full).
    void append(Stream stream, QByteArrayView bytes);
    /// @brief @p bytes were lost before they reached us: leave a hole of that size.
    void skip(Stream stream, qint64 bytes);
    /// @brief Writes the final state (finished, exit code, spill paths). Idempotent.
    void finish(std::optional<int> exitCode, const QString &spillOut, const QString &spillErr);

    qint64 end(Stream stream) const;

    static constexpr int kKeepRunsPerTool = 50;

private:
    struct Private;
    explicit OutputWriter(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

/// @brief Reads the output after @p from, at most @p maxBytes per stream. With @p wholeUtf8 the
/// delta never ends inside a UTF-8 sequence (the rest comes with the next read, or at the end).
/// A cursor past a stream's end is clamped to the end. Never writes.
OutputDelta read(const OutputKey &key, const Cursor &from, qint64 maxBytes, bool wholeUtf8 = true);

/// @brief Just the state file (cheap: for lists).
RunState readState(const OutputKey &key);

} // namespace teamai::output
