#include "HttpReply.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTcpSocket>

namespace teamai::devserver {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return QByteArrayLiteral("OK");
    case 201: return QByteArrayLiteral("Created");
    case 204: return QByteArrayLiteral("No Content");
    case 301: return QByteArrayLiteral("Moved Permanently");
    case 302: return QByteArrayLiteral("Found");
    case 303: return QByteArrayLiteral("See Other");
    case 307: return QByteArrayLiteral("Temporary Redirect");
    case 308: return QByteArrayLiteral("Permanent Redirect");
    case 400: return QByteArrayLiteral("Bad Request");
    case 401: return QByteArrayLiteral("Unauthorized");
    case 403: return QByteArrayLiteral("Forbidden");
    case 404: return QByteArrayLiteral("Not Found");
    case 405: return QByteArrayLiteral("Method Not Allowed");
    case 408: return QByteArrayLiteral("Request Timeout");
    case 413: return QByteArrayLiteral("Payload Too Large");
    case 429: return QByteArrayLiteral("Too Many Requests");
    case 500: return QByteArrayLiteral("Internal Server Error");
    case 502: return QByteArrayLiteral("Bad Gateway");
    case 503: return QByteArrayLiteral("Service Unavailable");
    case 504: return QByteArrayLiteral("Gateway Timeout");
    default: break;
    }
    return QByteArrayLiteral("Status");
}

/// Feeds a generated body to the socket a chunk at a time, as the socket drains, so a 60 MiB
/// answer never sits in memory. Owned by the socket, so it dies with the connection.
class FillerWriter final : public QObject
{
public:
    FillerWriter(QTcpSocket *socket, qint64 bytes)
        : QObject(socket)
        , m_socket(socket)
        , m_remaining(bytes)
    {
        connect(socket, &QTcpSocket::bytesWritten, this, &FillerWriter::pump);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
        pump();
    }

private:
    void pump()
    {
        static constexpr qint64 chunkSize = 256 * 1024;
        static constexpr qint64 highWater = 1024 * 1024;
        static const QByteArray chunk(chunkSize, 'x');
        while (m_remaining > 0 && m_socket->bytesToWrite() < highWater) {
            const qint64 n = qMin(m_remaining, chunkSize);
            if (m_socket->write(chunk.constData(), n) != n) {
                m_remaining = 0;
                break;
            }
            m_remaining -= n;
        }
        if (m_remaining == 0) {
            disconnect(m_socket, nullptr, this, nullptr);
            deleteLater();
        }
    }

    QTcpSocket *m_socket;
    qint64 m_remaining;
};

} // namespace

QByteArray toJsonBytes(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    if (value.isUndefined())
        return QByteArrayLiteral("null");
    // Wrap the scalar in an array and strip the brackets: QJsonDocument holds no bare scalar.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

HttpReply HttpReply::json(const QJsonValue &value, int status)
{
    return data(toJsonBytes(value), QByteArrayLiteral("application/json"), status);
}

HttpReply HttpReply::error(int status, const QString &message)
{
    return json(QJsonObject{{QStringLiteral("error"), message}}, status);
}

HttpReply HttpReply::data(QByteArray body, QByteArray contentType, int status)
{
    HttpReply reply;
    reply.status = status;
    reply.contentType = std::move(contentType);
    reply.body = std::move(body);
    return reply;
}

HttpReply HttpReply::redirect(const QByteArray &location, int status)
{
    HttpReply reply = data(QByteArrayLiteral("redirecting\n"), QByteArrayLiteral("text/plain"), status);
    reply.headers.append({QByteArrayLiteral("Location"), location});
    return reply;
}

HttpReply HttpReply::filler(qint64 bytes)
{
    HttpReply reply = data({}, QByteArrayLiteral("application/octet-stream"));
    reply.generatedBytes = bytes;
    return reply;
}

HttpReply HttpReply::dropped()
{
    HttpReply reply;
    reply.drop = true;
    return reply;
}

void sendReply(QTcpSocket *socket, const HttpReply &reply)
{
    if (reply.drop) {
        // abort() rather than disconnectFromHost(): nothing is flushed, the client sees the
        // connection go away mid-request, as with a crashed backend.
        socket->abort();
        return;
    }
    qint64 length = reply.generatedBytes >= 0 ? reply.generatedBytes : reply.body.size();
    if (reply.declaredLength >= 0)
        length = reply.declaredLength;
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status)
                      + "\r\nContent-Type: " + reply.contentType
                      + "\r\nContent-Length: " + QByteArray::number(length) + "\r\n";
    for (const auto &[name, value] : reply.headers)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    socket->write(head);
    if (reply.truncateAt >= 0) {
        socket->write(reply.body.left(reply.truncateAt));
        socket->disconnectFromHost(); // after the buffered bytes are out
        return;
    }
    if (reply.generatedBytes > 0)
        new FillerWriter(socket, reply.generatedBytes);
    else
        socket->write(reply.body);
}

} // namespace teamai::devserver
