#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace teamai::mcpserver {

/// @brief One line of the stream: a JSON value, or why the line could not be one.
struct Frame {
    bool ok = false;
    QJsonValue value;     ///< the parsed message (any JSON value) when ok
    int errorCode = 0;    ///< JSON-RPC error code when not ok (-32700 parse error, -32600 too large)
    QString errorMessage;
};

/// @brief The MCP stdio transport's framing: messages are UTF-8 JSON, one per line, no embedded
/// newlines. feed() takes bytes as they arrive (any split) and returns the complete lines as
/// frames; blank lines are skipped and a trailing CR is tolerated. A line longer than the limit is
/// refused with one error frame as soon as the limit is passed, and everything up to the next
/// newline is dropped (never buffered), so the stream picks up again at the next message.
class JsonRpcFraming
{
public:
    static constexpr qsizetype kDefaultMaxMessageBytes = 1024 * 1024;

    explicit JsonRpcFraming(qsizetype maxMessageBytes = kDefaultMaxMessageBytes);

    QList<Frame> feed(const QByteArray &bytes);
    /// @brief The end of the stream: a last line without newline is still a message.
    QList<Frame> finish();

    /// @brief Parses one line (without its newline) into a frame.
    static Frame parseLine(const QByteArray &line);

private:
    void takeLine(QByteArray line, QList<Frame> *frames) const;

    qsizetype m_max;
    QByteArray m_pending;
    bool m_discarding = false;  ///< inside an oversized line: drop until its newline
};

} // namespace teamai::mcpserver
