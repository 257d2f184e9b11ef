// HttpExchange against a scripted HTTP server on 127.0.0.1 that this test starts: answers, the
// deadline on a stalled server, the size cap, both redirect policies and the failure outcomes.

#include "net/Downloader.h"
#include "net/HttpExchange.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>

#include <map>

using namespace teamai;

namespace {

/// Answers each request with the raw bytes scripted for its path; a path without a script
/// stalls (the connection stays open, nothing is sent). Keeps every request it read.
class ScriptedServer : public QObject
{
public:
    ScriptedServer()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }

    bool isListening() const { return m_server.isListening(); }
    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path); }
    void script(const QByteArray &path, const QByteArray &raw) { m_answers[path] = raw; }
    const QList<QByteArray> &requests() const { return m_requests; }

private:
    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        qsizetype bodyLength = 0;
        for (const QByteArray &line : buffer.left(headerEnd).split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                bodyLength = line.mid(15).trimmed().toLongLong();
        }
        if (buffer.size() < headerEnd + 4 + bodyLength)
            return;
        const QByteArray request = buffer.left(headerEnd + 4 + bodyLength);
        buffer.remove(0, request.size());
        m_requests.append(request);
        const QByteArray path = request.split(' ').value(1);
        const auto answer = m_answers.find(path);
        if (answer == m_answers.end())
            return;  // stall
        socket->write(answer->second);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    std::map<QByteArray, QByteArray> m_answers;
    std::map<QTcpSocket *, QByteArray> m_buffers;
    QList<QByteArray> m_requests;
};

QByteArray answer(const QByteArray &statusLine, const QByteArray &headers, const QByteArray &body)
{
    return "HTTP/1.1 " + statusLine + "\r\nConnection: close\r\n" + headers + "Content-Length: " + QByteArray::number(body.size())
           + "\r\n\r\n" + body;
}

HttpPolicy quickPolicy()
{
    HttpPolicy policy;
    policy.deadline = QDeadlineTimer(5000);
    return policy;
}

HttpRequest get(const QString &url)
{
    HttpRequest request;
    request.url = QUrl(url);
    return request;
}

} // namespace

class TestHttpExchange : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ScriptedServer> m_server;
    QNetworkAccessManager m_network;

    HttpResult run(const HttpRequest &request, const HttpPolicy &policy = quickPolicy())
    {
        return HttpExchange(m_network).run(request, policy);
    }

private slots:
    void initTestCase() { m_network.setProxy(QNetworkProxy::NoProxy); }
    void init()
    {
        m_server = std::make_unique<ScriptedServer>();
        QVERIFY(m_server->isListening());
    }
    void cleanup() { m_server.reset(); }

    void answerCarriesStatusHeadersAndBody()
    {
        m_server->script("/echo", answer("200 OK", "Content-Type: application/json\r\nX-Reply: yes\r\n", R"({"a":1})"));
        HttpRequest request = get(m_server->url(QStringLiteral("/echo")));
        request.method = "POST";
        request.headers.append({QByteArray("X-Test"), QByteArray("1")});
        request.body = "payload";
        const HttpResult result = run(request);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.status, 200);
        QCOMPARE(result.header("x-reply"), QByteArray("yes"));
        QCOMPARE(result.contentType, QStringLiteral("application/json"));
        QCOMPARE(result.body, QByteArray(R"({"a":1})"));
        QCOMPARE(result.bodyBytes, 7);
        QCOMPARE(result.contentLength, 7);
        QCOMPARE(result.redirects, 0);
        QCOMPARE(m_server->requests().size(), 1);
        const QByteArray sent = m_server->requests().at(0);
        QVERIFY(sent.startsWith("POST /echo HTTP/1.1\r\n"));
        QVERIFY(sent.contains("User-Agent: teamai-desktop-agent\r\n"));
        QVERIFY(sent.contains("X-Test: 1\r\n"));
        QVERIFY(sent.endsWith("\r\n\r\npayload"));
    }

    void stalledServerStopsAtTheDeadline()
    {
        HttpPolicy policy;
        policy.deadline = QDeadlineTimer(300);
        QElapsedTimer clock;
        clock.start();
        const HttpResult result = run(get(m_server->url(QStringLiteral("/stall"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::TimedOut);
        QVERIFY(result.timedOut());
        QCOMPARE(result.status, 0);
        QVERIFY2(clock.elapsed() >= 250 && clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    }

    void transferTimeoutIsATimeoutToo()
    {
        HttpPolicy policy = quickPolicy();
        policy.transferTimeoutMs = 200;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/stall"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::TimedOut);
    }

    void announcedBodyOverTheCapIsRefused()
    {
        m_server->script("/big", answer("200 OK", {}, QByteArray(5000, 'x')));
        HttpPolicy policy = quickPolicy();
        policy.maxBytes = 1000;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/big"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::TooLarge);
        QVERIFY(result.body.isEmpty());
    }

    void streamedBodyOverTheCapIsRefused()
    {
        // No Content-Length: the cap is found while the bytes arrive.
        m_server->script("/stream", "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + QByteArray(5000, 'x'));
        HttpPolicy policy = quickPolicy();
        policy.maxBytes = 1000;
        QBuffer sink;
        sink.open(QIODevice::WriteOnly);
        policy.sink = &sink;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/stream"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::TooLarge);
        QVERIFY(sink.data().size() <= 1000);
    }

    void sinkReceivesTheBody()
    {
        m_server->script("/file", answer("200 OK", {}, QByteArray(3000, 'y')));
        HttpPolicy policy = quickPolicy();
        QBuffer sink;
        sink.open(QIODevice::WriteOnly);
        policy.sink = &sink;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/file"))), policy);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(sink.data(), QByteArray(3000, 'y'));
        QVERIFY(result.body.isEmpty());
        QCOMPARE(result.bodyBytes, 3000);
    }

    void errorBodyIsKeptInPartWhenAsked()
    {
        m_server->script("/missing", answer("404 Not Found", {}, QByteArray(5000, 'e')));
        HttpPolicy policy = quickPolicy();
        policy.maxBytes = 1000;
        policy.keepErrorBodyBytes = 16;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/missing"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::HttpError);
        QCOMPARE(result.status, 404);
        QCOMPARE(result.reason, QStringLiteral("Not Found"));
        QCOMPARE(result.body, QByteArray(16, 'e'));
    }

    void errorMapping()
    {
        m_server->script("/json", answer("500 Internal Server Error", {}, R"({"error":"upstream exploded"})"));
        m_server->script("/empty", answer("503 Service Unavailable", {}, {}));
        m_server->script("/short", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 10\r\n\r\nhello");
        const HttpResult json = run(get(m_server->url(QStringLiteral("/json"))));
        QCOMPARE(json.outcome, HttpOutcome::HttpError);
        QCOMPARE(json.error, QStringLiteral("upstream exploded"));
        const HttpResult empty = run(get(m_server->url(QStringLiteral("/empty"))));
        QCOMPARE(empty.error, QStringLiteral("503 Service Unavailable"));
        const HttpResult brokenOff = run(get(m_server->url(QStringLiteral("/short"))));
        QCOMPARE(brokenOff.outcome, HttpOutcome::Incomplete);
        QVERIFY(!brokenOff.error.isEmpty());
        QCOMPARE(HttpExchange::errorMessage(502, R"({"message":"x"})", QStringLiteral("Bad Gateway")), QStringLiteral(R"({"message":"x"})"));
    }

    void unreachableServerIsANetworkFailure()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        const HttpResult result = run(get(QStringLiteral("http://127.0.0.1:%1/x?sig=secret").arg(port)));
        QCOMPARE(result.outcome, HttpOutcome::NetworkFailed);
        QCOMPARE(result.status, 0);
        QVERIFY(!result.error.isEmpty());
        QVERIFY2(!result.error.contains(QStringLiteral("secret")), qPrintable(result.error));
    }

    void compressedAnswerIsRefusedWhenIdentityIsAsked()
    {
        m_server->script("/gz", answer("200 OK", "Content-Encoding: gzip\r\n", QByteArray(100, 'z')));
        HttpPolicy policy = quickPolicy();
        policy.identityEncoding = true;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/gz"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::Compressed);
        QCOMPARE(result.error, QStringLiteral("gzip"));
        QVERIFY(m_server->requests().at(0).contains("Accept-Encoding: identity\r\n"));
    }

    void refusePolicyNamesTheTarget()
    {
        m_server->script("/away", answer("302 Found", "Location: http://example.invalid/x?sig=secret\r\n", {}));
        m_server->script("/moved", answer("308 Permanent Redirect", "Location: /new\r\n", "moved"));
        const HttpResult away = run(get(m_server->url(QStringLiteral("/away"))));
        QCOMPARE(away.outcome, HttpOutcome::RedirectRefused);
        QCOMPARE(away.error, QStringLiteral("Refusing redirect to http://example.invalid/x: a different origin"));
        const HttpResult moved = run(get(m_server->url(QStringLiteral("/moved"))));
        QCOMPARE(moved.outcome, HttpOutcome::RedirectRefused);
        QCOMPARE(moved.error, QStringLiteral("Refusing redirect to %1: the backend API follows no redirects (set the endpoint to "
                                             "the new address)").arg(m_server->url(QStringLiteral("/new"))));
        QVERIFY(moved.body.isEmpty());
        QCOMPARE(m_server->requests().size(), 2);  // nothing followed
    }

    void followPolicyReachesTheTarget()
    {
        m_server->script("/a", answer("302 Found", "Location: /b?x=1\r\n", {}));
        m_server->script("/b?x=1", answer("200 OK", {}, "landed"));
        HttpPolicy policy = quickPolicy();
        policy.redirects = HttpPolicy::Redirects::Follow;
        policy.maxRedirects = 5;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/a"))), policy);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.body, QByteArray("landed"));
        QCOMPARE(result.redirects, 1);
        QCOMPARE(result.finalUrl, QUrl(m_server->url(QStringLiteral("/b?x=1"))));
    }

    void followPolicyStopsAfterMaxRedirects()
    {
        m_server->script("/loop", answer("307 Temporary Redirect", "Location: /loop\r\n", {}));
        HttpPolicy policy = quickPolicy();
        policy.redirects = HttpPolicy::Redirects::Follow;
        policy.maxRedirects = 2;
        const HttpResult result = run(get(m_server->url(QStringLiteral("/loop"))), policy);
        QCOMPARE(result.outcome, HttpOutcome::TooManyRedirects);
        QCOMPARE(result.redirects, 2);
        QCOMPARE(m_server->requests().size(), 3);
    }

    void followPolicyChecksEveryTarget()
    {
        m_server->script("/ftp", answer("301 Moved Permanently", "Location: ftp://127.0.0.1/file\r\n", {}));
        m_server->script("/nowhere", answer("302 Found", {}, {}));
        m_server->script("/300", answer("300 Multiple Choices", "Location: /b\r\n", {}));
        HttpPolicy policy = quickPolicy();
        policy.redirects = HttpPolicy::Redirects::Follow;
        policy.maxRedirects = 5;
        policy.checkRedirectTarget = &Downloader::checkUrl;
        const HttpResult ftp = run(get(m_server->url(QStringLiteral("/ftp"))), policy);
        QCOMPARE(ftp.outcome, HttpOutcome::RedirectRefused);
        QCOMPARE(ftp.error, QStringLiteral("Unsupported download URL scheme: ftp:"));
        QCOMPARE(run(get(m_server->url(QStringLiteral("/nowhere"))), policy).outcome, HttpOutcome::RedirectWithoutLocation);
        const HttpResult multiple = run(get(m_server->url(QStringLiteral("/300"))), policy);
        QCOMPARE(multiple.outcome, HttpOutcome::HttpError);  // not a redirect this policy follows
        QCOMPARE(multiple.status, 300);
        QCOMPARE(m_server->requests().size(), 3);
    }
};

QTEST_MAIN(TestHttpExchange)
#include "tst_httpexchange.moc"
