#pragma once

// A web server on 127.0.0.1 that is not a TeamAI backend: every request gets the same page (by
// default a 404 with an HTML body, as nginx or a company portal would send). Header-only; runs on
// the thread that made it.

#include <QByteArray>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

namespace teamai::test {

class WebPageServer : public QTcpServer
{
public:
    explicit WebPageServer(int status = 404, QByteArray body = defaultPage())
        : m_status(status)
        , m_body(std::move(body))
    {
        listen(QHostAddress::LocalHost);
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = nextPendingConnection())
                serve(socket);
        });
    }

    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1").arg(serverPort()); }

    static QByteArray defaultPage()
    {
        return QByteArrayLiteral("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n<body>\n"
                                 "<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/1.22.1</center>\n</body></html>\n");
    }

private:
    void serve(QTcpSocket *socket)
    {
        connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
            m_request += socket->readAll();
            if (!m_request.contains("\r\n\r\n"))
                return;
            m_request.clear();
            socket->write("HTTP/1.1 " + QByteArray::number(m_status) + " Not Found\r\nContent-Type: text/html\r\nContent-Length: "
                          + QByteArray::number(m_body.size()) + "\r\nConnection: close\r\n\r\n" + m_body);
            socket->disconnectFromHost();
        });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

    int m_status;
    QByteArray m_body;
    QByteArray m_request;
};

} // namespace teamai::test
