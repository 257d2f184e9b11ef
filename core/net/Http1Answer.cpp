#include "net/Http1Answer.h"

namespace teamai {
namespace {

constexpr qsizetype kMaxLineBytes = 8 * 1024;
constexpr qint64 kMaxFieldBytes = 64 * 1024;
constexpr qsizetype kMaxFieldLines = 200;
constexpr int kMaxInterimAnswers = 8;
constexpr qsizetype kMaxChunkSizeDigits = 15;  // below 2^60: no overflow while adding

bool isDigits(const QByteArray &text)
{
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

/// Every value of the fields named @p name, comma-joined as RFC 9110 §5.3 allows.
QByteArray joinedValues(const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &name)
{
    QByteArray joined;
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) != 0)
            continue;
        if (!joined.isEmpty())
            joined += ',';
        joined += value;
    }
    return joined;
}

QList<QByteArray> lowerTokens(const QByteArray &list)
{
    QList<QByteArray> tokens;
    for (const QByteArray &part : list.split(',')) {
        const QByteArray token = part.trimmed().toLower();
        if (!token.isEmpty())
            tokens.append(token);
    }
    return tokens;
}

} // namespace

Http1Answer::Http1Answer(qint64 maxBodyBytes, bool bodyExpected)
    : m_maxBodyBytes(maxBodyBytes)
    , m_bodyExpected(bodyExpected)
{
}

QByteArray Http1Answer::header(const QByteArray &name) const
{
    for (const auto &[key, value] : m_headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

void Http1Answer::feed(QByteArray &bytes)
{
    if (!bytes.isEmpty())
        m_received = true;
    QByteArray line;
    while (m_state == State::StatusLine || m_state == State::Fields || m_state == State::Body) {
        const qsizetype before = bytes.size();
        if (m_state == State::StatusLine && takeLine(bytes, line))
            onStatusLine(line);
        else if (m_state == State::Fields && takeLine(bytes, line))
            onFieldLine(line);
        else if (m_state == State::Body && m_framing == Framing::Length)
            readLengthBody(bytes);
        else if (m_state == State::Body && m_framing == Framing::Chunked)
            readChunkedBody(bytes);
        else if (m_state == State::Body && appendBody(bytes))
            bytes.clear();
        if (bytes.size() == before && m_state != State::Done)
            return;  // needs more bytes (or failed)
    }
}

void Http1Answer::closedByPeer()
{
    m_keepAlive = false;
    if (m_state == State::Body && m_framing == Framing::UntilClose)
        return finish();
    if (m_state == State::Done || m_state == State::Failed)
        return;
    fail(m_received ? QStringLiteral("the connection closed before the answer was complete")
                    : QStringLiteral("the connection closed before any answer"));
}

bool Http1Answer::takeLine(QByteArray &bytes, QByteArray &line)
{
    const qsizetype end = bytes.indexOf('\n');
    if (end < 0 || end > kMaxLineBytes) {
        if (end > kMaxLineBytes || bytes.size() > kMaxLineBytes)
            fail(QStringLiteral("an answer line longer than %1 bytes").arg(kMaxLineBytes));
        return false;
    }
    line = bytes.left(end);
    if (line.endsWith('\r'))
        line.chop(1);
    bytes.remove(0, end + 1);
    return true;
}

void Http1Answer::onStatusLine(const QByteArray &line)
{
    // "HTTP/1.x NNN reason"; the reason may be empty (RFC 9112 §4).
    const bool shaped = line.size() >= 12 && line.startsWith("HTTP/1.") && (line[7] == '0' || line[7] == '1')
                        && line[8] == ' ' && isDigits(line.mid(9, 3)) && (line.size() == 12 || line[12] == ' ');
    if (!shaped)
        return fail(QStringLiteral("not an HTTP/1.x answer"));
    m_http10 = line[7] == '0';
    m_status = line.mid(9, 3).toInt();
    if (m_status < 100 || m_status > 599)  // RFC 9110 §15: five classes, 1xx to 5xx
        return fail(QStringLiteral("not an HTTP/1.x answer"));
    m_reason = QString::fromLatin1(line.mid(13)).trimmed().left(200);
    m_headers.clear();
    m_state = State::Fields;
}

void Http1Answer::onFieldLine(const QByteArray &line)
{
    m_fieldBytes += line.size() + 2;
    if (m_fieldBytes > kMaxFieldBytes || m_headers.size() >= kMaxFieldLines)
        return fail(QStringLiteral("answer header fields longer than %1 bytes or %2 lines").arg(kMaxFieldBytes).arg(kMaxFieldLines));
    if (line.isEmpty())
        return startBody();
    const qsizetype colon = line.indexOf(':');
    // A folded line (leading space) and a name with spaces are refused: RFC 9112 §5.
    if (colon <= 0 || line.front() == ' ' || line.front() == '\t' || line.left(colon).contains(' ')
        || line.left(colon).contains('\t'))
        return fail(QStringLiteral("a malformed answer header field"));
    m_headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
}

void Http1Answer::startBody()
{
    if (m_status < 200) {
        // An interim answer (100 Continue, 103 Early Hints); the final one follows. 101 would
        // change the protocol, which nothing here asked for.
        if (m_status == 101 || ++m_interimAnswers > kMaxInterimAnswers)
            return fail(QStringLiteral("an unexpected interim answer %1").arg(m_status));
        m_state = State::StatusLine;
        return;
    }
    const QList<QByteArray> connection = lowerTokens(joinedValues(m_headers, "Connection"));
    m_keepAlive = m_http10 ? connection.contains("keep-alive") : !connection.contains("close");
    if (!chooseFraming())
        return;
    if (m_framing == Framing::None)
        return finish();
    m_state = State::Body;
}

bool Http1Answer::chooseFraming()
{
    if (!m_bodyExpected || m_status == 204 || m_status == 304) {
        m_framing = Framing::None;
        return true;
    }
    const QList<QByteArray> codings = lowerTokens(joinedValues(m_headers, "Transfer-Encoding"));
    if (!codings.isEmpty()) {
        if (codings != QList<QByteArray>{"chunked"}) {
            fail(QStringLiteral("an unsupported transfer coding"));
            return false;
        }
        // With both, chunks decide and the connection is not trusted again (RFC 9112 §6.3).
        if (!joinedValues(m_headers, "Content-Length").isEmpty())
            m_keepAlive = false;
        m_framing = Framing::Chunked;
        return true;
    }
    const QByteArray lengths = joinedValues(m_headers, "Content-Length");
    if (lengths.isEmpty()) {
        m_framing = Framing::UntilClose;
        m_keepAlive = false;
        return true;
    }
    QByteArray length;
    for (const QByteArray &part : lengths.split(',')) {
        const QByteArray value = part.trimmed();
        if (!isDigits(value) || value.size() > 18 || (!length.isEmpty() && value.toLongLong() != length.toLongLong())) {
            fail(QStringLiteral("a malformed Content-Length"));
            return false;
        }
        length = value;
    }
    m_contentLength = length.toLongLong();
    if (m_contentLength > m_maxBodyBytes) {
        m_tooLarge = true;
        fail(QStringLiteral("an answer of %1 bytes, more than %2").arg(m_contentLength).arg(m_maxBodyBytes));
        return false;
    }
    m_framing = m_contentLength == 0 ? Framing::None : Framing::Length;
    return true;
}

void Http1Answer::readLengthBody(QByteArray &bytes)
{
    const qsizetype take = qsizetype(std::min<qint64>(bytes.size(), m_contentLength - m_body.size()));
    m_body += bytes.left(take);
    bytes.remove(0, take);
    if (m_body.size() == m_contentLength)
        finish();
}

void Http1Answer::readChunkedBody(QByteArray &bytes)
{
    QByteArray line;
    while (m_state == State::Body) {
        if (m_chunkStep == ChunkStep::Data) {
            const qsizetype take = qsizetype(std::min<qint64>(bytes.size(), m_chunkLeft));
            if (take == 0 || !appendBody(bytes.left(take)))
                return;
            bytes.remove(0, take);
            m_chunkLeft -= take;
            if (m_chunkLeft == 0)
                m_chunkStep = ChunkStep::DataEnd;
            continue;
        }
        if (!takeLine(bytes, line))
            return;
        if (m_chunkStep == ChunkStep::Size)
            onChunkSizeLine(line);
        else if (m_chunkStep == ChunkStep::DataEnd && !line.isEmpty())
            fail(QStringLiteral("a malformed chunk"));
        else if (m_chunkStep == ChunkStep::DataEnd)
            m_chunkStep = ChunkStep::Size;
        else if (line.isEmpty())
            finish();  // the end of the trailer section, whose fields are not used
        else if ((m_fieldBytes += line.size() + 2) > kMaxFieldBytes)
            fail(QStringLiteral("answer trailer fields longer than %1 bytes").arg(kMaxFieldBytes));
    }
}

void Http1Answer::onChunkSizeLine(const QByteArray &line)
{
    const qsizetype extension = line.indexOf(';');
    const QByteArray digits = (extension < 0 ? line : line.left(extension)).trimmed();
    bool ok = false;
    const qint64 size = digits.size() <= kMaxChunkSizeDigits ? digits.toLongLong(&ok, 16) : -1;
    if (!ok || size < 0 || digits.startsWith('+') || digits.startsWith('-') || digits.startsWith("0x")
        || digits.startsWith("0X"))
        return fail(QStringLiteral("a malformed chunk size"));
    if (size == 0) {
        m_chunkStep = ChunkStep::Trailer;
        return;
    }
    if (m_body.size() + size > m_maxBodyBytes) {
        m_tooLarge = true;
        return fail(QStringLiteral("an answer longer than %1 bytes").arg(m_maxBodyBytes));
    }
    m_chunkLeft = size;
    m_chunkStep = ChunkStep::Data;
}

bool Http1Answer::appendBody(const QByteArray &part)
{
    if (m_body.size() + part.size() > m_maxBodyBytes) {
        m_tooLarge = true;
        fail(QStringLiteral("an answer longer than %1 bytes").arg(m_maxBodyBytes));
        return false;
    }
    m_body += part;
    return true;
}

void Http1Answer::fail(const QString &why)
{
    m_state = State::Failed;
    m_error = why;
    m_keepAlive = false;
}

void Http1Answer::finish()
{
    m_state = State::Done;
}

} // namespace teamai
