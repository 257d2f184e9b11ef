#pragma once

#include "net/HttpExchange.h"

#include <QByteArray>
#include <QtGlobal>
#include <QString>

#include <memory>
#include <optional>

class QHostAddress;
class QTcpSocket;

namespace teamai {

/// @brief One HTTP/1.1 connection to one origin, kept open from request to request and read
/// through a buffer; for the small API requests of a round (report, sync, acks).
///
/// Why not QNetworkAccessManager for these: in Qt 6.4 it reads a plain-http answer's status line
/// and header fields one byte per system call and hands every request to its own thread and
/// back, about 140 system calls per ack (docs/performance.md, "many commands at once"). Here a
/// request is one write and its answer usually one read, on the calling thread, with no event
/// loop (the waits are the socket's own blocking ones).
///
/// It takes what HttpExchange's callers would give it and answers in HttpExchange's terms, with
/// the same classification (a 3xx is refused, a non-2xx is an HttpError with the SPEC §3 message,
/// the size cap, the transfer timeout and the deadline). It does less than Qt: no proxy (the
/// caller uses it only where none applies), no redirects followed, no compressed answers (it
/// asks for identity), no sink. run() answers nullopt when a request is not one it serves, or
/// when the connection could not be opened (nothing was sent): the caller then uses
/// HttpExchange, whose errors say what Qt says.
///
/// The host name is looked up with QHostInfo in a local event loop bounded by the deadline (a
/// socket's own blocking lookup is not bounded), then each address is tried in turn.
///
/// A kept-alive connection the server closed in the meantime is noticed when the answer does not
/// come at all; the request is then sent once more on a new connection, as browsers and Qt do.
/// Not thread-safe; use it on one thread, and destroy it there.
class Http1Connection
{
public:
    Http1Connection();
    ~Http1Connection();
    Q_DISABLE_COPY(Http1Connection)

    std::optional<HttpResult> run(const HttpRequest &request, const HttpPolicy &policy);

    /// @brief Whether run() can take @p request under @p policy (scheme, policy, header bytes).
    static bool serves(const HttpRequest &request, const HttpPolicy &policy);
    /// @brief The bytes of @p request as sent: request line, Host, the fixed fields, the body.
    static QByteArray serialize(const HttpRequest &request);

    /// Connections opened so far (for tests: reuse shows as one).
    int connectionsOpened() const { return m_connectionsOpened; }

private:
    class Waiter;
    enum class Opened { Fresh, Reused, Failed, TimedOut };

    Opened open(const QUrl &url, const HttpPolicy &policy, Waiter &waiter);
    bool connectSocket(const QUrl &url, const HttpPolicy &policy, Waiter &waiter);
    bool connectTo(const QHostAddress &address, const QUrl &url, const HttpPolicy &policy, Waiter &waiter);
    bool send(const QByteArray &bytes, Waiter &waiter);
    bool receive(class Http1Answer &answer, Waiter &waiter);
    void drop();

    std::unique_ptr<QTcpSocket> m_socket;
    QString m_origin;
    QByteArray m_buffer;
    QString m_socketError;
    int m_connectionsOpened = 0;
};

} // namespace teamai
