#include "mcpserver/JsonRpcFraming.h"

#include "mcpserver/JsonRpc.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <utility>

namespace teamai::mcpserver {

JsonRpcFraming::JsonRpcFraming(qsizetype maxMessageBytes)
    : m_max(maxMessageBytes)
{
}

QList<Frame> JsonRpcFraming::feed(const QByteArray &bytes)
{
    QList<Frame> frames;
    qsizetype start = 0;
    while (start < bytes.size()) {
        const qsizetype newline = bytes.indexOf('\n', start);
        const qsizetype end = newline < 0 ? bytes.size() : newline;
        if (!m_discarding) {
            m_pending.append(bytes.constData() + start, end - start);
            if (m_pending.size() > m_max) {
                m_pending.clear();
                m_discarding = true;
                frames.append(Frame{false, {}, jsonrpc::kInvalidRequest,
                                    QStringLiteral("message larger than %1 bytes refused").arg(m_max)});
            }
        }
        if (newline < 0)
            break;
        if (m_discarding)
            m_discarding = false;
        else
            takeLine(std::exchange(m_pending, {}), &frames);
        start = newline + 1;
    }
    return frames;
}

QList<Frame> JsonRpcFraming::finish()
{
    QList<Frame> frames;
    if (!m_discarding)
        takeLine(std::exchange(m_pending, {}), &frames);
    m_discarding = false;
    return frames;
}

void JsonRpcFraming::takeLine(QByteArray line, QList<Frame> *frames) const
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    frames->append(parseLine(line));
}

Frame JsonRpcFraming::parseLine(const QByteArray &line)
{
    // QJsonDocument holds only objects and arrays: wrapping the line in an array also parses a
    // bare scalar, so that `42` is an invalid request (-32600), not a parse error.
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson('[' + line + ']', &error);
    if (error.error != QJsonParseError::NoError || document.array().size() != 1)
        return Frame{false, {}, jsonrpc::kParseError, QStringLiteral("parse error: the line is not one JSON value")};
    return Frame{true, document.array().at(0), 0, {}};
}

} // namespace teamai::mcpserver
