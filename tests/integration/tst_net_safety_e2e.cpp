// Network safety end to end (issue 12, items 5, 6 and the devserver part of 8): the real `teamai`
// against a devserver whose API routes redirect to a second devserver on another port (which must
// receive nothing, least of all a token), downloads that are cut short or compressed (nothing is
// installed, the ack says why), and the devserver's admin API guarded by its per-run token and a
// loopback Host.

#include "AgentTestCase.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

/// Every request a server logged that carried either auth header.
QStringList requestsWithAToken(const QJsonArray &requests)
{
    QStringList found;
    for (const QJsonValue &value : requests) {
        const QJsonObject request = value.toObject();
        if (!request.value(QStringLiteral("authorization")).toString().isEmpty()
            || !request.value(QStringLiteral("x_api_token")).toString().isEmpty())
            found << request.value(QStringLiteral("path")).toString();
    }
    return found;
}

QByteArray adminRequest(const QByteArray &method, const QByteArray &host, const QByteArray &token, const QByteArray &body = {})
{
    QByteArray request = method + " /admin/commands HTTP/1.1\r\nHost: " + host + "\r\n";
    if (!token.isNull())
        request += "X-Admin-Token: " + token + "\r\n";
    request += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    return request;
}

} // namespace

class TestNetSafetyEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    std::unique_ptr<DevServerProcess> other; ///< the "other origin": nothing may arrive here

    QString otherUrl(const QString &path) const { return other->baseUrl() + path; }
    void redirect(const QString &route, int status, const QString &to)
    {
        f->server().setFault({{QStringLiteral("route"), route}, {QStringLiteral("status"), status},
                              {QStringLiteral("redirectTo"), to}});
        QCOMPARE(f->server().call("GET", QStringLiteral("/admin/faults")).array().size(), 1);
    }
    /// The other origin saw no request at all (so no body and no token either).
    void otherSawNothing()
    {
        const QJsonArray seen = other->requests();
        QVERIFY2(requestsWithAToken(seen).isEmpty(), qPrintable(requestsWithAToken(seen).join(u',')));
        QVERIFY2(seen.isEmpty(), QJsonDocument(seen).toJson().constData());
        QCOMPARE(other->acks(), QJsonArray());
    }

    void setUp() override
    {
        other = std::make_unique<DevServerProcess>();
        QVERIFY(other->isRunning());
        QVERIFY(other->port() != f->server().port());
    }

private slots:
    void cleanup()
    {
        other.reset();
        AgentTestCase::cleanup();
    }

    void syncRedirectedToAnotherOriginRunsNothing_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("307") << 307;
        QTest::newRow("308") << 308;
        QTest::newRow("302") << 302;
    }

    void syncRedirectedToAnotherOriginRunsNothing()
    {
        QFETCH(int, status);
        // What the other origin would hand out if anyone asked it: a rule that would land in ~/.claude.
        other->queue(installRule(1, QStringLiteral("planted"), otherUrl(QStringLiteral("/download/rule/planted.md"))));
        const QString target = otherUrl(QStringLiteral("/api/local-agent/sync"));
        redirect(QStringLiteral("sync"), status, target + QStringLiteral("?sig=secret"));

        const QJsonObject result = f->syncJson();
        const QJsonObject sync = result.value(QStringLiteral("sync")).toObject();
        QCOMPARE(sync.value(QStringLiteral("ok")).toBool(true), false);
        QCOMPARE(sync.value(QStringLiteral("error")).toString(), QStringLiteral("Refusing redirect to %1: a different origin").arg(target));
        QCOMPARE(result.value(QStringLiteral("commands")).toArray(), QJsonArray());

        otherSawNothing();
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.claude/rules/planted.md")));
        QCOMPARE(historyRows(), QList<QJsonObject>());
        QCOMPARE(f->server().acks(), QJsonArray());
    }

    void reportRedirectedIsAnErrorAndTheSyncStillHappens()
    {
        const QString target = otherUrl(QStringLiteral("/api/local-agent/report"));
        redirect(QStringLiteral("report"), 307, target);
        const QJsonObject result = f->syncJson();
        QCOMPARE(result.value(QStringLiteral("report")).toObject().value(QStringLiteral("error")).toString(),
                 QStringLiteral("Refusing redirect to %1: a different origin").arg(target));
        QCOMPARE(result.value(QStringLiteral("sync")).toObject().value(QStringLiteral("ok")).toBool(), true);
        otherSawNothing();
    }

    void ackRedirectedIsNotDelivered()
    {
        f->server().queue(installRule(5, QStringLiteral("style"), url(QStringLiteral("/download/rule/style.md"))));
        const QString target = otherUrl(QStringLiteral("/api/local-agent/commands/ack"));
        redirect(QStringLiteral("ack"), 308, target);
        const QJsonObject result = f->syncJson();
        const QJsonObject ack = AgentFixture::commandIn(result, 5).value(QStringLiteral("ack")).toObject();
        QCOMPARE(ack.value(QStringLiteral("sent")).toBool(), true);
        QCOMPARE(ack.value(QStringLiteral("delivered")).toBool(true), false);
        QCOMPARE(ack.value(QStringLiteral("error")).toString(), QStringLiteral("Refusing redirect to %1: a different origin").arg(target));
        otherSawNothing();
        QCOMPARE(f->server().acks(), QJsonArray());
        // The ack is owed, not lost: once the redirect is gone it reaches the real backend.
        f->server().clearFaults();
        f->syncJson();
        QCOMPARE(f->waitForAck(5).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        otherSawNothing();
    }

    void sameOriginRedirectIsNotFollowedEither()
    {
        f->server().setSettings({{QStringLiteral("routes"), QJsonObject{{QStringLiteral("sync"), QStringLiteral("/moved/sync")}}}});
        f->server().queue(installRule(2, QStringLiteral("moved"), url(QStringLiteral("/download/rule/moved.md"))));
        redirect(QStringLiteral("sync"), 307, QStringLiteral("/moved/sync"));
        const QJsonObject sync = f->syncJson().value(QStringLiteral("sync")).toObject();
        QVERIFY2(sync.value(QStringLiteral("error")).toString().startsWith(QStringLiteral("Refusing redirect to %1/moved/sync: ").arg(f->server().baseUrl())),
                 qPrintable(sync.value(QStringLiteral("error")).toString()));
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.claude/rules/moved.md")));
        QCOMPARE(historyRows(), QList<QJsonObject>());
    }

    void truncatedDownloadInstallsNothing()
    {
        f->server().queue(QJsonArray{installRule(10, QStringLiteral("short"), url(QStringLiteral("/download/rule/short.md"))),
                                     installSkill(11, QStringLiteral("cut"), url(QStringLiteral("/download/skill/cut.zip")))});
        f->server().setFault({{QStringLiteral("route"), QStringLiteral("download")}, {QStringLiteral("contentLength"), 5000}});
        f->syncJson();
        for (qint64 id : {10, 11}) {
            const QJsonObject ack = f->ackFor(id);
            QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            const QString error = ack.value(QStringLiteral("error")).toString();
            QVERIFY2(error.startsWith(QStringLiteral("Download incomplete: received ")) && error.endsWith(QStringLiteral(" of 5000 bytes")),
                     qPrintable(error));
        }
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.claude/rules/short.md")));
        QVERIFY(!QDir(f->env().home() + QStringLiteral("/.claude/skills/cut")).exists());
        const QJsonObject manifest = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/manifest.json"))).object();
        QVERIFY2(!QJsonDocument(manifest).toJson().contains("short") && !QJsonDocument(manifest).toJson().contains("\"cut\""),
                 QJsonDocument(manifest).toJson().constData());
        // Nothing of the broken body stays behind in the download folder either.
        QCOMPARE(QDir(f->env().stateDir() + QStringLiteral("/tmp")).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void gzipBombDownloadFails()
    {
        f->server().queue(installRule(20, QStringLiteral("bomb"), url(QStringLiteral("/download/gzip-bomb/bomb.md"))));
        f->syncJson();
        const QJsonObject ack = f->ackFor(20);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY2(ack.value(QStringLiteral("error")).toString().startsWith(QStringLiteral("Download refused: compressed answer")),
                 qPrintable(ack.value(QStringLiteral("error")).toString()));
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.claude/rules/bomb.md")));
        // Downloads never carry the token.
        const QJsonArray downloads = f->server().requests(QStringLiteral("download"));
        QCOMPARE(downloads.size(), 1);
        QCOMPARE(requestsWithAToken(downloads), QStringList());
    }

    void downloadsNeverCarryTheToken()
    {
        f->server().queue(installRule(30, QStringLiteral("plain"), url(QStringLiteral("/download/rule/plain.md"))));
        f->syncJson();
        QCOMPARE(f->ackFor(30).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        const QJsonArray downloads = f->server().requests(QStringLiteral("download"));
        QCOMPARE(downloads.size(), 1);
        QCOMPARE(requestsWithAToken(downloads), QStringList());
        QVERIFY(!requestsWithAToken(f->server().requests(QStringLiteral("sync"))).isEmpty()); // the check can see a token
    }

    void adminApiNeedsTheTokenAndALoopbackHost()
    {
        DevServerProcess &server = f->server();
        const QByteArray token = server.adminToken().toUtf8();
        QVERIFY(token.size() >= 32);
        const QByteArray local = "127.0.0.1:" + QByteArray::number(server.port());
        const QByteArray queueBody = QJsonDocument(installRule(40, QStringLiteral("x"), url(QStringLiteral("/download/rule/x.md")))).toJson();

        QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("GET", local, QByteArray()))), 401);
        QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("POST", local, QByteArray(), queueBody))), 401);
        QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("POST", local, "wrong", queueBody))), 403);
        QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("POST", local, token + "x", queueBody))), 403);
        // DNS rebinding: a page on attacker.example resolved to 127.0.0.1 sends its own host name.
        const QByteArray port = QByteArray::number(server.port());
        const QList<QByteArray> foreignHosts{"attacker.example", QByteArray("attacker.example:" + port), "localhost.attacker.example",
                                             "127.0.0.1.nip.io", "localhost:x", QByteArray()};
        for (const QByteArray &host : foreignHosts) {
            QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("POST", host, token, queueBody))), 403);
        }
        QCOMPARE(server.queued(), QJsonArray());

        const QList<QByteArray> loopbackHosts{local, "localhost", QByteArray("LOCALHOST:" + port), QByteArray("[::1]:" + port)};
        for (const QByteArray &host : loopbackHosts) {
            const QByteArray answer = server.rawExchange(adminRequest("GET", host, token));
            QVERIFY2(DevServerProcess::statusOf(answer) == 200, answer.constData());
        }
        QCOMPARE(DevServerProcess::statusOf(server.rawExchange(adminRequest("POST", local, token, queueBody))), 200);
        QCOMPARE(server.queued().size(), 1);
        // Agent routes need no admin token.
        QCOMPARE(f->syncJson().value(QStringLiteral("sync")).toObject().value(QStringLiteral("ok")).toBool(), true);
    }

    void adminTokenFromTheCommandLine()
    {
        const QString file = f->env().home() + QStringLiteral("/admin-token");
        DevServerProcess chosen({QStringLiteral("--admin-token"), QStringLiteral("chosen-token"), QStringLiteral("--admin-token-file"), file});
        QVERIFY(chosen.isRunning());
        QCOMPARE(chosen.adminToken(), QStringLiteral("chosen-token"));
        QFile written(file);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll().trimmed(), QByteArray("chosen-token"));
        QCOMPARE(written.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        const QByteArray local = "127.0.0.1:" + QByteArray::number(chosen.port());
        QCOMPARE(DevServerProcess::statusOf(chosen.rawExchange(adminRequest("GET", local, "chosen-token"))), 200);
        // Each run draws its own token when none is given.
        QVERIFY(other->adminToken() != f->server().adminToken());
    }
};

QTEST_GUILESS_MAIN(TestNetSafetyEndToEnd)
#include "tst_net_safety_e2e.moc"
