#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <utility>

namespace teamai {

/// @brief Reads one HTTP/1.1 answer from bytes as they arrive (RFC 9112): the status line, the
/// header fields, then a body framed by Content-Length, by chunks, or by the end of the
/// connection. Interim 1xx answers are skipped.
///
/// The bytes come from the network, so every part is bounded: the status line and each field
/// line 8 KiB, all fields together 64 KiB and 200 lines, the body maxBodyBytes (a longer
/// Content-Length is refused before its first byte). Whatever does not fit the grammar fails
/// the answer; nothing of a failed answer is used and its connection is not reused.
class Http1Answer
{
public:
    enum class State { StatusLine, Fields, Body, Done, Failed };

    /// @p bodyExpected: false for an answer to HEAD, which has no body whatever it announces.
    explicit Http1Answer(qint64 maxBodyBytes, bool bodyExpected = true);

    /// @brief Consumes what it can of @p bytes (the rest stays there for the next call).
    void feed(QByteArray &bytes);
    /// @brief The peer closed the connection: a body read to the end is complete, else it fails.
    void closedByPeer();

    State state() const { return m_state; }
    bool done() const { return m_state == State::Done; }
    bool failed() const { return m_state == State::Failed; }
    /// Why it failed (plain words, no bytes of the answer); empty unless failed().
    QString error() const { return m_error; }
    /// The announced body was longer than maxBodyBytes, or the body grew past it.
    bool tooLarge() const { return m_tooLarge; }
    /// No answer byte had arrived when it failed (a kept-alive connection the peer had closed).
    bool nothingReceived() const { return !m_received; }

    int status() const { return m_status; }
    QString reason() const { return m_reason; }
    const QList<std::pair<QByteArray, QByteArray>> &headers() const { return m_headers; }
    QByteArray header(const QByteArray &name) const;
    const QByteArray &body() const { return m_body; }
    /// Content-Length as announced; -1 when the body is chunked or read to the end.
    qint64 contentLength() const { return m_contentLength; }
    /// The connection may carry another request once this answer is done.
    bool keepAlive() const { return m_keepAlive; }

private:
    enum class Framing { None, Length, Chunked, UntilClose };
    enum class ChunkStep { Size, Data, DataEnd, Trailer };

    bool takeLine(QByteArray &bytes, QByteArray &line);
    void onStatusLine(const QByteArray &line);
    void onFieldLine(const QByteArray &line);
    void startBody();
    bool chooseFraming();
    void readLengthBody(QByteArray &bytes);
    void readChunkedBody(QByteArray &bytes);
    void onChunkSizeLine(const QByteArray &line);
    bool appendBody(const QByteArray &part);
    void fail(const QString &why);
    void finish();

    qint64 m_maxBodyBytes;
    bool m_bodyExpected;
    State m_state = State::StatusLine;
    QString m_error;
    bool m_tooLarge = false;
    bool m_received = false;
    bool m_http10 = false;
    int m_interimAnswers = 0;
    int m_status = 0;
    QString m_reason;
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    qint64 m_fieldBytes = 0;
    QByteArray m_body;
    Framing m_framing = Framing::None;
    ChunkStep m_chunkStep = ChunkStep::Size;
    qint64 m_contentLength = -1;
    qint64 m_chunkLeft = 0;
    bool m_keepAlive = true;
};

} // namespace teamai
