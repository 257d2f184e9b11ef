// The report request a stop or post-tool-use hook leaves for the worker (issue 14 item 7): one
// owner-only file per tool, the newest request wins, taking it removes it, a damaged one is removed.

#include "sync/ReportRequest.h"

#include "FileMode.h"
#include "TestEnvironment.h"
#include "sync/SyncSession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using TakenStatus = reportrequest::Taken::Status;

namespace {

ReportRequest request(const QString &event, const QString &cwd)
{
    ReportRequest made = ReportRequest::fromHook(event, cwd);
    made.requestedAt = QDateTime::fromMSecsSinceEpoch(1700000000123, Qt::UTC);
    return made;
}

} // namespace

class TestReportRequest : public QObject
{
    Q_OBJECT
private slots:
    void statusFollowsTheEvent()
    {
        QCOMPARE(ReportRequest::statusFor(QStringLiteral("stop")), QStringLiteral("stopped"));
        QCOMPARE(ReportRequest::statusFor(QStringLiteral("post-tool-use")), QStringLiteral("running"));
        QCOMPARE(request(QStringLiteral("stop"), QStringLiteral("/tmp")).status, QStringLiteral("stopped"));
    }

    void savedRequestIsTakenOnce()
    {
        test::TestEnvironment env;
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::None);
        QVERIFY(!reportrequest::pending(QStringLiteral("claude")));
        const Status saved = reportrequest::save(QStringLiteral("claude"), request(QStringLiteral("stop"), env.home()));
        QVERIFY2(saved, qPrintable(saved.error()));
        QVERIFY(reportrequest::pending(QStringLiteral("claude")));
        QVERIFY(!reportrequest::pending(QStringLiteral("codex")));  // one file per tool
        QCOMPARE(test::fileMode(reportrequest::pathFor(QStringLiteral("claude"))), 0600);

        const reportrequest::Taken taken = reportrequest::take(QStringLiteral("claude"));
        QCOMPARE(taken.status, TakenStatus::Taken);
        QCOMPARE(taken.request.event, QStringLiteral("stop"));
        QCOMPARE(taken.request.status, QStringLiteral("stopped"));
        QCOMPARE(taken.request.cwd, env.home());
        QCOMPARE(taken.request.requestedAt, QDateTime::fromMSecsSinceEpoch(1700000000123, Qt::UTC));
        QVERIFY(!taken.request.skipReport);
        QVERIFY(taken.request.remoteCmdEnv.isEmpty());
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::None);
        // Nothing is left behind: neither the request nor the copy moved aside to read it.
        QCOMPARE(QDir(env.stateDir()).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList());
    }

    void newerRequestReplacesTheOlder()
    {
        test::TestEnvironment env;
        QVERIFY(reportrequest::save(QStringLiteral("claude"), request(QStringLiteral("post-tool-use"), env.home())));
        QVERIFY(reportrequest::save(QStringLiteral("claude"), request(QStringLiteral("stop"), QStringLiteral("/"))));
        const reportrequest::Taken taken = reportrequest::take(QStringLiteral("claude"));
        QCOMPARE(taken.status, TakenStatus::Taken);
        QCOMPARE(taken.request.event, QStringLiteral("stop"));
        QCOMPARE(taken.request.cwd, QStringLiteral("/"));
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::None);
    }

    void hookEnvironmentIsRecorded()
    {
        test::TestEnvironment env;
        qputenv("X_IDE_IS_CLOUDSTUDIO", "TRUE");
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", " yes ");
        QVERIFY(reportrequest::save(QStringLiteral("claude"), request(QStringLiteral("stop"), env.home())));
        qunsetenv("X_IDE_IS_CLOUDSTUDIO");
        qunsetenv("TEAMAI_DISABLE_REMOTE_CMD");
        const reportrequest::Taken taken = reportrequest::take(QStringLiteral("claude"));
        QCOMPARE(taken.status, TakenStatus::Taken);
        QVERIFY(taken.request.skipReport);
        QCOMPARE(taken.request.remoteCmdEnv, QStringLiteral("yes"));

        SyncOptions options;
        taken.request.applyTo(options);
        QCOMPARE(options.event, QStringLiteral("stop"));
        QCOMPARE(options.status, QStringLiteral("stopped"));
        QCOMPARE(options.cwd, env.home());
        QVERIFY(options.skipReport);  // the hook's guard holds even where this process has none
    }

    void damagedFileIsRemoved_data()
    {
        QTest::addColumn<QByteArray>("content");
        const QByteArray good = QJsonDocument(request(QStringLiteral("stop"), QStringLiteral("/")).toJson()).toJson();
        QTest::newRow("garbage") << QByteArray("\x7f{{");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("other version") << QByteArray(good).replace("\"version\": 1", "\"version\": 2");
        QTest::newRow("unknown event") << QByteArray(good).replace("\"stop\"", "\"lunch\"");
        QTest::newRow("unknown status") << QByteArray(good).replace("\"stopped\"", "\"asleep\"");
        QTest::newRow("relative cwd") << QByteArray(good).replace("\"cwd\": \"/\"", "\"cwd\": \"x/y\"");
        QTest::newRow("no time") << QByteArray(good).replace("requestedAt", "requested");
        QTest::newRow("bad kill switch value") << QByteArray(good).replace("\"skipReport\"", "\"remoteCmdEnv\": \"0\", \"skipReport\"");
        QTest::newRow("oversized") << QByteArray(good).append(QByteArray(100 * 1024, ' '));
    }
    void damagedFileIsRemoved()
    {
        QFETCH(QByteArray, content);
        test::TestEnvironment env;
        QVERIFY(QDir().mkpath(env.stateDir()));
        QFile file(reportrequest::pathFor(QStringLiteral("claude")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const reportrequest::Taken taken = reportrequest::take(QStringLiteral("claude"));
        QCOMPARE(taken.status, TakenStatus::Damaged);
        QVERIFY(taken.error.startsWith(reportrequest::pathFor(QStringLiteral("claude"))));
        QVERIFY(!reportrequest::pending(QStringLiteral("claude")));
        QCOMPARE(QDir(env.stateDir()).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList());
    }

    void goodFileStillReadsBack()
    {
        // The rows above are damaged by their change alone.
        test::TestEnvironment env;
        QVERIFY(QDir().mkpath(env.stateDir()));
        QFile file(reportrequest::pathFor(QStringLiteral("claude")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(request(QStringLiteral("stop"), QStringLiteral("/")).toJson()).toJson());
        file.close();
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::Taken);
    }

    void linkIsRemovedNotFollowed()
    {
        test::TestEnvironment env;
        QVERIFY(QDir().mkpath(env.stateDir()));
        const QString target = env.writeFile(QStringLiteral("elsewhere.json"),
                                             QJsonDocument(request(QStringLiteral("stop"), QStringLiteral("/")).toJson()).toJson());
        QVERIFY(QFile::link(target, reportrequest::pathFor(QStringLiteral("claude"))));
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::Damaged);
        QVERIFY(!QFileInfo(reportrequest::pathFor(QStringLiteral("claude"))).isSymLink());
        QVERIFY(QFileInfo::exists(target));

        QVERIFY(QFile::link(env.home() + QStringLiteral("/missing"), reportrequest::pathFor(QStringLiteral("claude"))));
        QVERIFY(reportrequest::pending(QStringLiteral("claude")));  // a dangling link is seen too
        QCOMPARE(reportrequest::take(QStringLiteral("claude")).status, TakenStatus::Damaged);
        QVERIFY(!reportrequest::pending(QStringLiteral("claude")));
    }
};

QTEST_GUILESS_MAIN(TestReportRequest)
#include "tst_reportrequest.moc"
