#include "net/BackendClient.h"

#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QtTest>

#include <map>

using namespace teamai;

class TestBackendClient : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;
    std::unique_ptr<test::DevServerProcess> m_server;
    QNetworkAccessManager m_network;

    BackendClient client(const QString &token = test::DevServerProcess::token(), const QJsonObject &routes = {})
    {
        return BackendClient(&m_network, BackendOptions{m_server->baseUrl() + QStringLiteral("/"), token, routes, {}});
    }

private slots:
    void initTestCase()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        m_network.setProxy(QNetworkProxy::NoProxy);
        m_server = std::make_unique<test::DevServerProcess>();
        QVERIFY(m_server->isRunning());
    }
    void init() { m_server->reset(); }

    void errorMessageRules()
    {
        QCOMPARE(BackendClient::errorMessage(401, R"({"error":"invalid token"})", QStringLiteral("Unauthorized")), QStringLiteral("invalid token"));
        QCOMPARE(BackendClient::errorMessage(500, "upstream exploded", QStringLiteral("Internal Server Error")), QStringLiteral("upstream exploded"));
        QCOMPARE(BackendClient::errorMessage(502, R"({"message":"x"})", QStringLiteral("Bad Gateway")), QStringLiteral(R"({"message":"x"})"));
        QCOMPARE(BackendClient::errorMessage(503, "", QStringLiteral("Service Unavailable")), QStringLiteral("503 Service Unavailable"));
        QCOMPARE(BackendClient::errorMessage(500, R"({"error":""})", QStringLiteral("Internal")), QStringLiteral(R"({"error":""})"));
    }

    void commandsFromPrefersNonEmptyCmds()
    {
        const auto parse = [](const char *json) {
            return BackendClient::commandsFrom(QJsonDocument::fromJson(json).object());
        };
        QCOMPARE(parse(R"({"ok":true,"cmds":[{"id":1}],"commands":[{"id":2},{"id":3}]})").commands.size(), 1);
        QCOMPARE(parse(R"({"ok":true,"cmds":[],"commands":[{"id":2},{"id":3}]})").commands.size(), 2);
        QCOMPARE(parse(R"({"ok":true,"commands":[{"id":2}]})").commands.size(), 1);
        QVERIFY(parse(R"({"ok":true})").commands.isEmpty());
        QVERIFY(parse(R"({"ok":true})").error.isEmpty());
        QVERIFY(parse(R"({"ok":true,"cmds":null})").error.isEmpty());
        QVERIFY(!parse(R"({"ok":true,"cmds":{"id":1}})").error.isEmpty());
        QVERIFY(!parse(R"({"ok":true,"cmds":[],"commands":"x"})").error.isEmpty());
        const SyncCommands mixed = parse(R"({"ok":true,"cmds":[{"id":1},5]})");
        QVERIFY(!mixed.error.isEmpty());
        QVERIFY2(mixed.commands.isEmpty(), "nothing from a malformed list may run");
    }

    void sendsBothAuthHeadersAndJson()
    {
        BackendClient c = client();
        const BackendReply reply = c.post(Route::Report, QJsonObject{{QStringLiteral("agent_type"), QStringLiteral("claude")}});
        QVERIFY2(reply.ok, qPrintable(reply.error));
        const QJsonObject seen = m_server->requests(QStringLiteral("report")).last().toObject();
        QCOMPARE(seen.value(QStringLiteral("authorization")).toString(), QStringLiteral("Bearer dev-token"));
        QCOMPARE(seen.value(QStringLiteral("x_api_token")).toString(), QStringLiteral("dev-token"));
        QCOMPARE(seen.value(QStringLiteral("content_type")).toString(), QStringLiteral("application/json"));
        QCOMPARE(seen.value(QStringLiteral("body")).toObject().value(QStringLiteral("agent_type")).toString(), QStringLiteral("claude"));
    }

    void routeOverridesAreUsed()
    {
        BackendClient c = client(test::DevServerProcess::token(), {{QStringLiteral("sync"), QStringLiteral("nowhere/sync")}});
        const BackendReply reply = c.post(Route::Sync, {});
        QCOMPARE(reply.httpStatus, 404);
        QCOMPARE(m_server->requests().last().toObject().value(QStringLiteral("path")).toString(), QStringLiteral("/nowhere/sync"));
    }

    void wrongTokenIsAnError()
    {
        BackendClient c = client(QStringLiteral("wrong"));
        const BackendReply reply = c.post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QCOMPARE(reply.httpStatus, 401);
        QCOMPARE(reply.error, QStringLiteral("invalid token"));
    }

    void injectedStatusUsesErrorField()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 500},
                            {QStringLiteral("body"), QStringLiteral(R"({"error":"database down"})")}});
        const BackendReply reply = client().post(Route::Sync, {});
        QCOMPARE(reply.httpStatus, 500);
        QCOMPARE(reply.error, QStringLiteral("database down"));
    }

    void malformedAnswerIsAnError()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("malformed"), true}});
        const BackendReply reply = client().post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QCOMPARE(reply.httpStatus, 200);
        QVERIFY(reply.body.isEmpty());
        QVERIFY(reply.error.contains(QStringLiteral("not a JSON object")));
    }

    void oversizedAnswerIsRefused()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("oversizedBytes"), 11 * 1024 * 1024}});
        const BackendReply reply = client().post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QVERIFY(reply.body.isEmpty());
        QVERIFY2(reply.error.contains(QStringLiteral("10 MiB")), qPrintable(reply.error));
    }

    void timeoutIsBounded()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("delayMs"), 5000}});
        BackendClient c = client();
        c.setTimeoutMs(400);
        QElapsedTimer timer;
        timer.start();
        const BackendReply reply = c.post(Route::Sync, {});
        QVERIFY(reply.timedOut);
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    }

    void deadlineCapsTheTimeout()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("delayMs"), 5000}});
        BackendClient c = client();
        c.setDeadline(QDeadlineTimer(300));
        QElapsedTimer timer;
        timer.start();
        QVERIFY(c.post(Route::Sync, {}).timedOut);
        QVERIFY(timer.elapsed() < 2000);
        QTest::qWait(350);
        const BackendReply late = c.post(Route::Report, {});
        QVERIFY(late.timedOut);
        QVERIFY(late.error.contains(QStringLiteral("budget")));
    }

    void droppedConnectionIsAnError()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("ack")}, {QStringLiteral("drop"), true}});
        const BackendReply reply = client().post(Route::Ack, {{QStringLiteral("id"), 1}});
        QVERIFY(!reply.ok);
        QCOMPARE(reply.httpStatus, 0);
        QVERIFY(!reply.error.isEmpty());
    }

    void redirectToAnotherOriginIsRefused_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<int>("status");
        for (const char *route : {"report", "sync", "ack", "getConfig", "projects"}) {
            for (int status : {307, 308, 302}) {
                QTest::addRow("%s %d", route, status) << QString::fromLatin1(route) << status;
            }
        }
    }

    void redirectToAnotherOriginIsRefused()
    {
        QFETCH(QString, route);
        QFETCH(int, status);
        // A second server on another port: whatever follows the redirect lands there.
        test::DevServerProcess other;
        QVERIFY(other.isRunning());
        const QString target = other.baseUrl() + QStringLiteral("/api/local-agent/sync");
        m_server->setFault({{QStringLiteral("route"), route}, {QStringLiteral("status"), status},
                            {QStringLiteral("redirectTo"), QString(target + QStringLiteral("?sig=secret"))}});
        const std::map<QString, Route> routes{{QStringLiteral("report"), Route::Report}, {QStringLiteral("sync"), Route::Sync},
                                              {QStringLiteral("ack"), Route::Ack}, {QStringLiteral("getConfig"), Route::GetConfig},
                                              {QStringLiteral("projects"), Route::Projects}};
        BackendClient c = client();
        const Route which = routes.at(route);
        const bool isGet = which == Route::GetConfig || which == Route::Projects;
        const QJsonObject body{{QStringLiteral("id"), 1}, {QStringLiteral("status"), QStringLiteral("success")}};
        const BackendReply reply = isGet ? c.get(which) : c.post(which, body);
        QVERIFY(!reply.ok);
        QCOMPARE(reply.httpStatus, status);
        QVERIFY(reply.body.isEmpty());
        QCOMPARE(reply.error, QStringLiteral("Refusing redirect to %1: a different origin").arg(target));
        QCOMPARE(m_server->requests(route).size(), 1);
        QCOMPARE(other.requests(), QJsonArray());
    }

    void sameOriginRedirectIsRefusedToo()
    {
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("status"), 308},
                            {QStringLiteral("redirectTo"), QStringLiteral("/api/local-agent/report?sig=secret")}});
        const BackendReply reply = client().post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QCOMPARE(reply.error, QStringLiteral("Refusing redirect to %1/api/local-agent/report: the backend API follows no "
                                             "redirects (set the endpoint to the new address)").arg(m_server->baseUrl()));
        QCOMPARE(m_server->requests().size(), 1);
    }

    void answerShorterThanItsContentLengthIsUnused()
    {
        // The sync answer is a whole JSON object, but the connection closes short of the length.
        m_server->queue(QJsonArray{QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("type"), QStringLiteral("x")}}});
        m_server->setFault({{QStringLiteral("route"), QStringLiteral("sync")}, {QStringLiteral("contentLength"), 5000}});
        const BackendReply reply = client().post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QVERIFY(reply.body.isEmpty());
        QVERIFY2(reply.error.startsWith(QStringLiteral("sync answer incomplete: ")), qPrintable(reply.error));
    }

    void redirectOriginRules()
    {
        const QUrl from(QStringLiteral("https://backend.example/api/local-agent/sync"));
        const auto refused = [&from](const char *location) { return BackendClient::refusedRedirect(from, location, 307); };
        QVERIFY(refused("http://backend.example/x").endsWith(QStringLiteral("a different origin")));
        QVERIFY(refused("https://backend.example:8443/x").endsWith(QStringLiteral("a different origin")));
        QVERIFY(refused("https://other.example/x").endsWith(QStringLiteral("a different origin")));
        QVERIFY(refused("//other.example/x").endsWith(QStringLiteral("a different origin")));
        QVERIFY(refused("https://backend.example:443/x").contains(QStringLiteral("follows no redirects")));
        QVERIFY(refused("/elsewhere").contains(QStringLiteral("follows no redirects")));
        QCOMPARE(refused("https://user:pw@other.example/x?token=t#f"),
                 QStringLiteral("Refusing redirect to https://other.example/x: a different origin"));
        QVERIFY(BackendClient::refusedRedirect(from, "", 302).contains(QStringLiteral("without a Location")));
    }

    void unreachableBackend()
    {
        BackendClient c(&m_network, BackendOptions{QStringLiteral("http://127.0.0.1:1"), {}, {}, {}});
        const BackendReply reply = c.post(Route::Sync, {});
        QVERIFY(!reply.ok);
        QVERIFY(reply.error.startsWith(QStringLiteral("sync failed:")));
    }

    void postsOnOwnConnectionReadAsThroughQt_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<QJsonObject>("fault");
        QTest::addColumn<bool>("sameError");  // false: Qt's own words for a broken connection differ
        const QList<std::pair<const char *, QJsonObject>> faults{
            {"answered", {}},
            {"error field", {{QStringLiteral("status"), 500}, {QStringLiteral("body"), QStringLiteral(R"({"error":"db down"})")}}},
            {"status only", {{QStringLiteral("status"), 503}, {QStringLiteral("body"), QString()}}},
            {"not JSON", {{QStringLiteral("malformed"), true}}},
            {"too large", {{QStringLiteral("oversizedBytes"), 11 * 1024 * 1024}}},
            {"redirect", {{QStringLiteral("status"), 308}, {QStringLiteral("redirectTo"), QStringLiteral("/api/local-agent/report?sig=s")}}},
            {"stalled", {{QStringLiteral("delayMs"), 3000}}},
            {"cut short", {{QStringLiteral("contentLength"), 5000}}},
            {"dropped", {{QStringLiteral("drop"), true}}},
        };
        for (const QString &route : {QStringLiteral("report"), QStringLiteral("sync"), QStringLiteral("ack")}) {
            for (const auto &[name, fault] : faults) {
                QJsonObject on = fault;
                if (!on.isEmpty())
                    on.insert(QStringLiteral("route"), route);
                const bool brokenConnection = on.contains(QStringLiteral("contentLength")) || on.contains(QStringLiteral("drop"));
                QTest::addRow("%s %s", qPrintable(route), name) << route << on << !brokenConnection;
            }
        }
    }

    void postsOnOwnConnectionReadAsThroughQt()
    {
        QFETCH(QString, route);
        QFETCH(QJsonObject, fault);
        QFETCH(bool, sameError);
        const std::map<QString, Route> routes{{QStringLiteral("report"), Route::Report}, {QStringLiteral("sync"), Route::Sync},
                                              {QStringLiteral("ack"), Route::Ack}};
        const QJsonObject body{{QStringLiteral("id"), 9}, {QStringLiteral("type"), QStringLiteral("x")},
                               {QStringLiteral("status"), QStringLiteral("failed")}, {QStringLiteral("error"), QStringLiteral("e")}};
        BackendReply replies[2];
        for (const bool own : {false, true}) {
            m_server->reset();
            if (!fault.isEmpty())
                m_server->setFault(fault);
            BackendClient c = client();
            // Short for the stalled answer; room for an 11 MiB one on a busy machine.
            c.setTimeoutMs(fault.contains(QStringLiteral("delayMs")) ? 400 : 10000);
            if (own)
                c.sendPostsOnOwnConnection();
            replies[own] = c.post(routes.at(route), body);
            // Sent once; Qt itself sends again when a fresh connection closes unanswered.
            if (own)
                QCOMPARE(m_server->requests(route).size(), 1);
        }
        const BackendReply &qt = replies[0];
        const BackendReply &own = replies[1];
        QCOMPARE(own.ok, qt.ok);
        QCOMPARE(own.httpStatus, qt.httpStatus);
        QCOMPARE(own.timedOut, qt.timedOut);
        QCOMPARE(own.body, qt.body);
        if (sameError)
            QCOMPARE(own.error, qt.error);
        else
            QCOMPARE(own.error.section(u':', 0, 0), qt.error.section(u':', 0, 0));
        QCOMPARE(own.error.isEmpty(), qt.error.isEmpty());
    }

    void cleanupTestCase()
    {
        m_server.reset();
        m_env.reset();
    }
};

QTEST_GUILESS_MAIN(TestBackendClient)
#include "tst_backendclient.moc"
