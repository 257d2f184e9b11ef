#include "net/Http1Connection.h"

#include "net/BackendClient.h"

#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QtTest>

#include <atomic>

using namespace teamai;

namespace {

/// What the scripted server does with one request.
struct Step {
    QByteArray answer;         ///< written as it is (nothing: no answer at all)
    bool closeAfter = false;   ///< then close the connection, whatever the answer said
    int stallMs = 0;           ///< wait this long before answering
};

/// A blocking HTTP/1.1 server on 127.0.0.1 in its own thread that answers each request with the
/// next step of its script, on whichever connection it arrives; it counts both.
class ScriptedServer : public QThread
{
public:
    explicit ScriptedServer(QList<Step> script) : m_script(std::move(script))
    {
        start();
        while (m_port == 0)
            QThread::msleep(1);
    }
    ~ScriptedServer() override
    {
        m_stop = true;
        wait();
    }

    quint16 port() const { return m_port; }
    int connections() const { return m_connections; }
    int requests() const { return m_requests; }
    QByteArray firstRequest() const
    {
        QMutexLocker lock(&m_mutex);
        return m_firstRequest;
    }

protected:
    void run() override
    {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost);
        m_port = server.serverPort();
        while (!m_stop && m_requests < m_script.size()) {
            if (!server.waitForNewConnection(50))
                continue;
            std::unique_ptr<QTcpSocket> socket(server.nextPendingConnection());
            ++m_connections;
            serve(*socket);
        }
    }

private:
    void serve(QTcpSocket &socket)
    {
        while (!m_stop && m_requests < m_script.size()) {
            const QByteArray request = readRequest(socket);
            if (request.isEmpty())
                return;
            if (m_requests == 0) {
                QMutexLocker lock(&m_mutex);
                m_firstRequest = request;
            }
            const Step step = m_script.at(m_requests++);
            for (int waited = 0; waited < step.stallMs && !m_stop; waited += 10)
                QThread::msleep(10);
            socket.write(step.answer);
            socket.waitForBytesWritten(1000);
            if (step.closeAfter) {
                socket.disconnectFromHost();
                return;
            }
        }
    }

    QByteArray readRequest(QTcpSocket &socket)
    {
        QByteArray bytes;
        while (!m_stop) {
            const qsizetype end = bytes.indexOf("\r\n\r\n");
            if (end >= 0) {
                const qsizetype at = bytes.toLower().indexOf("content-length:");
                const qint64 length = at < 0 ? 0 : bytes.mid(at + 15, bytes.indexOf('\r', at) - at - 15).trimmed().toLongLong();
                if (bytes.size() >= end + 4 + length)
                    return bytes;
            }
            if (socket.state() != QAbstractSocket::ConnectedState)
                return {};
            if (socket.waitForReadyRead(50))
                bytes += socket.readAll();
        }
        return {};
    }

    QList<Step> m_script;
    std::atomic<quint16> m_port{0};
    std::atomic<int> m_connections{0};
    std::atomic<int> m_requests{0};
    std::atomic<bool> m_stop{false};
    mutable QMutex m_mutex;
    QByteArray m_firstRequest;
};

QByteArray ok(const QByteArray &body = "{\"ok\":true}", const QByteArray &extra = {})
{
    return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n"
           + extra + "\r\n" + body;
}

HttpRequest post(quint16 port, const QByteArray &body = "{\"id\":1}")
{
    HttpRequest request;
    request.method = "POST";
    request.url = QUrl(QStringLiteral("http://127.0.0.1:%1/api/local-agent/commands/ack?x=1").arg(port));
    request.headers.append({QByteArray("Content-Type"), QByteArray("application/json")});
    request.body = body;
    return request;
}

HttpPolicy policy(int timeoutMs = 3000)
{
    HttpPolicy p;
    p.transferTimeoutMs = timeoutMs;
    p.deadline = QDeadlineTimer(timeoutMs + 250);
    p.maxBytes = 1000;
    return p;
}

} // namespace

class TestHttp1Connection : public QObject
{
    Q_OBJECT
private slots:
    void requestsShareOneConnection()
    {
        ScriptedServer server({{ok()}, {ok()}, {ok()}});
        Http1Connection connection;
        for (int i = 0; i < 3; ++i) {
            const std::optional<HttpResult> result = connection.run(post(server.port()), policy());
            QVERIFY(result);
            QVERIFY2(result->ok(), qPrintable(result->error));
            QCOMPARE(result->body, QByteArray("{\"ok\":true}"));
            QCOMPARE(result->contentType, QStringLiteral("application/json"));
        }
        QCOMPARE(server.requests(), 3);
        QCOMPARE(server.connections(), 1);
        QCOMPARE(connection.connectionsOpened(), 1);
    }

    void requestBytesAreWhatHttpSays()
    {
        ScriptedServer server({{ok()}});
        Http1Connection connection;
        QVERIFY(connection.run(post(server.port(), "{\"id\":7}"), policy()));
        const QByteArray seen = server.firstRequest();
        QVERIFY2(seen.startsWith("POST /api/local-agent/commands/ack?x=1 HTTP/1.1\r\n"), seen.constData());
        QVERIFY(seen.contains(QByteArray("\r\nHost: 127.0.0.1:" + QByteArray::number(server.port()) + "\r\n")));
        QVERIFY(seen.contains("\r\nContent-Length: 8\r\n"));
        QVERIFY(seen.contains("\r\nUser-Agent: teamai-desktop-agent\r\n"));
        QVERIFY(seen.contains("\r\nAccept-Encoding: identity\r\n"));
        QVERIFY(seen.endsWith("\r\n\r\n{\"id\":7}"));
    }

    void aClosedKeptConnectionIsReplacedOnce()
    {
        // The server closes after each answer without saying so (its keep-alive timeout): the
        // next request finds the connection dead and goes again, once, on a new one.
        ScriptedServer server({{ok(), true}, {ok(), true}});
        Http1Connection connection;
        QVERIFY(connection.run(post(server.port()), policy())->ok());
        QThread::msleep(50);  // the close arrives, unseen: no event loop runs between requests
        const std::optional<HttpResult> second = connection.run(post(server.port()), policy());
        QVERIFY(second);
        QVERIFY2(second->ok(), qPrintable(second->error));
        QCOMPARE(server.requests(), 2);
        QCOMPARE(server.connections(), 2);
    }

    void aHostNameIsLookedUp()
    {
        ScriptedServer server({{ok()}});
        Http1Connection connection;
        HttpRequest request = post(server.port());
        request.url.setHost(QStringLiteral("localhost"));  // ::1 may refuse: the next address is tried
        const std::optional<HttpResult> result = connection.run(request, policy());
        QVERIFY(result);
        QVERIFY2(result->ok(), qPrintable(result->error));
        QVERIFY(server.firstRequest().contains("\r\nHost: localhost:"));
    }

    void connectionCloseIsHonoured()
    {
        ScriptedServer server({{ok("{}", "Connection: close\r\n")}, {ok()}});
        Http1Connection connection;
        QVERIFY(connection.run(post(server.port()), policy())->ok());
        QVERIFY(connection.run(post(server.port()), policy())->ok());
        QCOMPARE(server.connections(), 2);
        QCOMPARE(connection.connectionsOpened(), 2);
    }

    void aStalledAnswerTimesOut()
    {
        ScriptedServer server({{ok(), false, 3000}});
        Http1Connection connection;
        QElapsedTimer timer;
        timer.start();
        const std::optional<HttpResult> result = connection.run(post(server.port()), policy(300));
        QVERIFY(result);
        QCOMPARE(result->outcome, HttpOutcome::TimedOut);
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(server.requests(), 1);
    }

    void noAnswerAtAllOnAFreshConnectionIsAnError()
    {
        ScriptedServer server({{QByteArray(), true}});
        Http1Connection connection;
        const std::optional<HttpResult> result = connection.run(post(server.port()), policy());
        QVERIFY(result);
        QCOMPARE(result->outcome, HttpOutcome::NetworkFailed);
        QVERIFY(!result->error.isEmpty());
        QCOMPARE(server.requests(), 1);  // not sent again: only a reused connection is retried
    }

    void answersAreClassifiedAsHttpExchangeDoes_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<bool>("closeAfter");
        QTest::addColumn<int>("outcome");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        QTest::addRow("error field") << QByteArray("HTTP/1.1 500 Internal\r\nContent-Length: 16\r\n\r\n{\"error\":\"down\"}") << false
                                     << int(HttpOutcome::HttpError) << 500 << QStringLiteral("down");
        QTest::addRow("no body") << QByteArray("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n") << false
                                 << int(HttpOutcome::HttpError) << 503 << QStringLiteral("503 Service Unavailable");
        QTest::addRow("redirect elsewhere")
            << QByteArray("HTTP/1.1 308 Permanent Redirect\r\nLocation: http://example.invalid/a?sig=s\r\nContent-Length: 0\r\n\r\n")
            << false << int(HttpOutcome::RedirectRefused) << 308
            << QStringLiteral("Refusing redirect to http://example.invalid/a: a different origin");
        QTest::addRow("too large") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n") << false
                                   << int(HttpOutcome::TooLarge) << 200 << QString();
        QTest::addRow("cut short") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"ok\":") << true
                                   << int(HttpOutcome::Incomplete) << 200
                                   << QStringLiteral("the connection closed before the answer was complete");
        QTest::addRow("compressed") << QByteArray("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\nxx")
                                    << false << int(HttpOutcome::Compressed) << 200 << QStringLiteral("gzip");
        QTest::addRow("not HTTP") << QByteArray("garbage\r\n") << true << int(HttpOutcome::NetworkFailed) << 0
                                  << QStringLiteral("not an HTTP/1.x answer");
    }

    void answersAreClassifiedAsHttpExchangeDoes()
    {
        QFETCH(QByteArray, answer);
        QFETCH(bool, closeAfter);
        QFETCH(int, outcome);
        QFETCH(int, status);
        QFETCH(QString, error);
        ScriptedServer server({{answer, closeAfter}});
        Http1Connection connection;
        const std::optional<HttpResult> result = connection.run(post(server.port()), policy());
        QVERIFY(result);
        QCOMPARE(int(result->outcome), outcome);
        QCOMPARE(result->status, status);
        if (!error.isEmpty())
            QCOMPARE(result->error, error);
        if (result->outcome == HttpOutcome::RedirectRefused || result->outcome == HttpOutcome::TooLarge)
            QVERIFY(result->body.isEmpty());
    }

    void aCompressedAnswerIsFetchedAgainThroughQt()
    {
        // Asked for identity, answered gzip anyway: BackendClient sends the ack again through Qt,
        // which inflates it (an ack is idempotent); the second answer is the one used.
        ScriptedServer server({{ok("\x1f\x8b", "Content-Encoding: gzip\r\n"), true}, {ok()}});
        QNetworkAccessManager network;
        network.setProxy(QNetworkProxy::NoProxy);
        BackendClient client(&network, BackendOptions{QStringLiteral("http://127.0.0.1:%1").arg(server.port()), {}, {}, {}});
        client.sendPostsOnOwnConnection();
        const BackendReply reply = client.post(Route::Ack, QJsonObject{{QStringLiteral("id"), 1}});
        QVERIFY2(reply.ok, qPrintable(reply.error));
        QCOMPARE(reply.body.value(QStringLiteral("ok")).toBool(), true);
        QCOMPARE(server.requests(), 2);
        QVERIFY(server.firstRequest().contains("\r\nAccept-Encoding: identity\r\n"));
    }

    void aRefusedConnectionIsLeftToTheCaller()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        Http1Connection connection;
        QVERIFY(!connection.run(post(port), policy()));
    }

    void requestsItDoesNotServe_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QByteArray>("headerValue");
        QTest::addColumn<bool>("follow");
        QTest::addRow("ftp") << QStringLiteral("ftp://127.0.0.1/x") << QByteArray("a") << false;
        QTest::addRow("user info") << QStringLiteral("http://u:p@127.0.0.1/x") << QByteArray("a") << false;
        QTest::addRow("CR LF in a field") << QStringLiteral("http://127.0.0.1/x") << QByteArray("a\r\nX-Evil: 1") << false;
        QTest::addRow("redirects followed") << QStringLiteral("http://127.0.0.1/x") << QByteArray("a") << true;
    }

    void requestsItDoesNotServe()
    {
        QFETCH(QString, url);
        QFETCH(QByteArray, headerValue);
        QFETCH(bool, follow);
        HttpRequest request = post(1);
        request.url = QUrl(url);
        request.headers.append({QByteArray("Authorization"), headerValue});
        HttpPolicy p = policy();
        if (follow)
            p.redirects = HttpPolicy::Redirects::Follow;
        QVERIFY(!Http1Connection::serves(request, p));
        QVERIFY(!Http1Connection().run(request, p));
    }

    void theDevelopmentBackendTakesIt()
    {
        test::TestEnvironment env;
        test::DevServerProcess devserver;
        QVERIFY(devserver.isRunning());
        Http1Connection connection;
        for (int id = 1; id <= 5; ++id) {
            HttpRequest request = post(quint16(devserver.port()), QJsonDocument(QJsonObject{{QStringLiteral("id"), id},
                {QStringLiteral("type"), QStringLiteral("x")}, {QStringLiteral("status"), QStringLiteral("failed")},
                {QStringLiteral("error"), QStringLiteral("e")}}).toJson(QJsonDocument::Compact));
            request.url.setQuery(QString());
            request.headers.append({QByteArray("Authorization"), QByteArray("Bearer " + test::DevServerProcess::token().toUtf8())});
            const std::optional<HttpResult> result = connection.run(request, policy());
            QVERIFY(result);
            QVERIFY2(result->ok(), qPrintable(result->error));
        }
        QCOMPARE(devserver.acks().size(), 5);
        QCOMPARE(connection.connectionsOpened(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHttp1Connection)
#include "tst_http1connection.moc"
