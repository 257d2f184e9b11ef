// checkConnection against the development backend: accepted, rejected token, unreachable, bad URL.

#include "sync/ConnectionCheck.h"

#include "DevServerProcess.h"
#include "TestCases.h"
#include "TestEnvironment.h"
#include "WebPageServer.h"

#include <QTcpServer>
#include <QtTest>

using namespace teamai;
using Outcome = ConnectionCheckResult::Outcome;

class TestConnectionCheck : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void acceptedAndRejected()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        ConnectionCheckResult ok = checkConnection(server.baseUrl() + QStringLiteral("/"), test::DevServerProcess::token());
        QVERIFY2(ok.ok(), qPrintable(ok.message));
        QCOMPARE(ok.httpStatus, 200);
        QVERIFY(ok.message.contains(QStringLiteral("token was accepted")));
        QCOMPARE(server.requests(QStringLiteral("getConfig")).size(), 1);
        QVERIFY(server.requests(QStringLiteral("sync")).isEmpty());  // nothing is synced by a test

        const ConnectionCheckResult rejected = checkConnection(server.baseUrl(), QStringLiteral("wrong"));
        QCOMPARE(rejected.outcome, Outcome::TokenRejected);
        QCOMPARE(rejected.httpStatus, 401);
        QVERIFY(rejected.message.contains(QStringLiteral("rejected the token")));

        server.setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("status"), 503}});
        const ConnectionCheckResult failed = checkConnection(server.baseUrl(), test::DevServerProcess::token());
        QCOMPARE(failed.outcome, Outcome::Failed);
        QVERIFY(failed.message.contains(QStringLiteral("503")));
    }

    void aWebPageIsNotABackend()
    {
        test::WebPageServer page;
        QVERIFY(page.isListening());
        const ConnectionCheckResult result = checkConnection(page.baseUrl(), QStringLiteral("t"), {}, 5000);
        QCOMPARE(result.outcome, Outcome::NotBackend);
        QCOMPARE(result.httpStatus, 404);
        QCOMPARE(result.message, QStringLiteral("This server is not a TeamAI backend (HTTP 404)."));

        test::WebPageServer portal(500, "<html><body>" + QByteArray(3000, 'x') + "</body></html>");
        QCOMPARE(checkConnection(portal.baseUrl(), QStringLiteral("t"), {}, 5000).message,
                 QStringLiteral("This server is not a TeamAI backend (HTTP 500)."));
    }

    void unreachableAndInvalid()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();  // nothing listens there now
        const ConnectionCheckResult down = checkConnection(QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("t"), {}, 3000);
        QCOMPARE(down.outcome, Outcome::Unreachable);
        QVERIFY(down.message.startsWith(QStringLiteral("Cannot reach")));

        const ConnectionCheckResult bad = checkConnection(QStringLiteral("ftp://example.com"), QStringLiteral("t"));
        QCOMPARE(bad.outcome, Outcome::BadEndpoint);
        QVERIFY(!bad.message.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestConnectionCheck)
#include "tst_connectioncheck.moc"
