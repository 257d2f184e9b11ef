// One tray per TeamAI home: a second instance cannot become primary, its request reaches the first
// (also from the real teamai-tray binary), and a stale lock of a dead tray is taken over.

#include "desktop/SingleInstance.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSysInfo>
#include <QThread>
#include <QtTest>

using namespace teamai::ui;

class TestSingleInstance : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void secondInstanceTalksToTheFirst()
    {
        SingleInstance first;
        QVERIFY2(first.tryBecomePrimary(), qPrintable(first.error()));
        QJsonObject seen;
        first.setHandler([&seen](const QJsonObject &request) {
            seen = request;
            return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("state"), QStringLiteral("idle")}};
        });
        SingleInstance second;
        QVERIFY(!second.tryBecomePrimary());
        QCOMPARE(second.serverName(), first.serverName());

        // send() blocks its thread, and the first instance answers from this thread's event loop.
        QJsonObject answer;
        std::atomic<bool> done = false;
        QThread *sender = QThread::create([&] {
            answer = second.send({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), QStringLiteral("history")}});
            done = true;
        });
        sender->start();
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 5000);
        sender->wait();
        delete sender;
        QCOMPARE(seen.value(QStringLiteral("window")).toString(), QStringLiteral("history"));
        QCOMPARE(answer.value(QStringLiteral("state")).toString(), QStringLiteral("idle"));
    }

    void theTrayBinaryForwardsToTheRunningOne()
    {
        SingleInstance first;
        QVERIFY(first.tryBecomePrimary());
        first.setHandler([](const QJsonObject &request) {
            return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("echo"), request.value(QStringLiteral("cmd"))}};
        });
        QProcess tray;
        tray.start(teamai::test::builtBinary("TEAMAI_TRAY_BIN"), {QStringLiteral("--status")});
        QVERIFY(tray.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(tray.state() == QProcess::NotRunning, 10000);
        QCOMPARE(tray.exitCode(), 0);
        const QJsonObject printed = QJsonDocument::fromJson(tray.readAllStandardOutput()).object();
        QCOMPARE(printed.value(QStringLiteral("echo")).toString(), QStringLiteral("status"));
    }

    void hookModeIsRefused()
    {
        QProcess tray;
        tray.start(teamai::test::builtBinary("TEAMAI_TRAY_BIN"), {QStringLiteral("--hook"), QStringLiteral("stop")});
        QVERIFY(tray.waitForFinished(10000));
        QCOMPARE(tray.exitCode(), 2);
        QVERIFY(tray.readAllStandardError().contains("teamai --hook"));
    }

    void aStaleLockIsTakenOver()
    {
        // A lock file whose process is gone (pid 999999 does not exist), and a dead socket.
        const QString state = env->stateDir();
        QDir().mkpath(state);
        QFile lock(state + QStringLiteral("/tray.lock"));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("999999\nteamai-tray\n" + QSysInfo::machineHostName().toUtf8() + "\n");
        lock.close();
        SingleInstance instance;
        QVERIFY2(instance.tryBecomePrimary(), qPrintable(instance.error()));
    }

    void aDeepHomeUsesTheRuntimeFolder()
    {
        const QString deep = QStringLiteral("/tmp/") + QString(120, u'x');
        QVERIFY(SingleInstance::serverNameFor(deep).size() < 108);
        QVERIFY(SingleInstance::serverNameFor(QStringLiteral("/tmp/s")).endsWith(QStringLiteral("/tmp/s/tray.sock")));
    }
};

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
