#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

class QTcpSocket;

namespace teamai::devserver {

/// @brief One HTTP answer as plain data.
///
/// Handlers build a reply first and send it afterwards, so that a fault can delay it, replace it,
/// or drop the connection instead. Sending writes the bytes straight to the socket rather than
/// through QHttpServerResponder: faults need exact control of the wire (a body cut short, a
/// connection closed unanswered) and large bodies are fed as the socket drains.
struct HttpReply
{
    int status = 200;
    QByteArray contentType = QByteArrayLiteral("application/json");
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    /// When >= 0, the body is this many 'x' bytes, generated while the socket drains.
    qint64 generatedBytes = -1;
    /// Close the connection without answering.
    bool drop = false;
    /// When >= 0, send the full headers but only this many body bytes, then close.
    qint64 truncateAt = -1;
    /// When >= 0, the Content-Length header says this instead of the real body size (a lie).
    qint64 declaredLength = -1;

    static HttpReply json(const QJsonValue &value, int status = 200);
    static HttpReply error(int status, const QString &message);
    static HttpReply data(QByteArray body, QByteArray contentType, int status = 200);
    static HttpReply redirect(const QByteArray &location, int status = 302);
    static HttpReply filler(qint64 bytes);
    static HttpReply dropped();

    /// @brief The status recorded in the request log: 0 for a dropped connection.
    int loggedStatus() const { return drop ? 0 : status; }
};

/// @brief Serializes any JSON value compactly, including the scalars QJsonDocument cannot hold.
QByteArray toJsonBytes(const QJsonValue &value);

/// @brief Writes @p reply to @p socket (or closes it for a dropped reply). Never blocks.
void sendReply(QTcpSocket *socket, const HttpReply &reply);

} // namespace teamai::devserver
