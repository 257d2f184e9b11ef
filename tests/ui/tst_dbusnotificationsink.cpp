// DBusNotificationSink against a real notification service (issue 16 item 3): a private
// dbus-daemon and a stand-in org.freedesktop.Notifications server (fake-notification-daemon.py,
// python3-dbus) that keeps ids as a real server does. A round's events are one Notify; a later
// round replaces it (replaces_id); a notification the server closed is not replaced; the desktop
// sink is chosen with no tray at all, and the tray app without a tray host notifies through it
// (a command the kill switch refused: "Blocked by your setting"). Skips only when the bus or the
// service cannot be started.

#include "tray/DesktopNotificationSink.h"
#include "tray/DBusNotificationSink.h"
#include "tray/Notifier.h"
#include "tray/RoundNotifications.h"
#include "tray/TrayController.h"
#include "config/AgentSettings.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDBusMessage>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace teamai::ui;

namespace {

const QString kBusDaemon = QStringLiteral("/usr/bin/dbus-daemon");
const QString kPython = QStringLiteral("/usr/bin/python3");  // Debian's, where python3-dbus lives

NotificationEvent failure(qint64 id)
{
    RanCommand ran;
    ran.agentType = QStringLiteral("codex");
    ran.commandId = id;
    ran.type = QStringLiteral("cmd");
    ran.error = QStringLiteral("cmd failed: exit 2");
    return RoundNotifications::eventFor(ran);
}

// Reads one line from @p process within a few seconds (start-up only).
QByteArray readLine(QProcess &process)
{
    QDeadlineTimer deadline(10000);
    process.waitForStarted(10000);
    while (!process.canReadLine() && !deadline.hasExpired() && process.state() == QProcess::Running)
        process.waitForReadyRead(int(deadline.remainingTime()));
    return process.canReadLine() ? process.readLine().trimmed() : process.readAll().trimmed();
}

} // namespace

class TestDBusNotificationSink : public QObject
{
    Q_OBJECT
private:
    QProcess m_bus;
    QProcess m_daemon;
    QString m_address;
    QList<QJsonObject> m_calls;

    // The Notify calls the server has printed so far.
    QList<QJsonObject> notifyCalls()
    {
        while (m_daemon.canReadLine()) {
            const QJsonObject line = QJsonDocument::fromJson(m_daemon.readLine()).object();
            if (line.value(QStringLiteral("call")).toString() == QLatin1String("Notify"))
                m_calls << line;
        }
        return m_calls;
    }

    QDBusConnection connection() { return QDBusConnection::connectToBus(m_address, QStringLiteral("teamai-test")); }

private slots:
    void initTestCase()
    {
        if (!QFileInfo(kBusDaemon).isExecutable())
            QSKIP("no notification service can be started: /usr/bin/dbus-daemon is missing (package dbus-daemon)");
        m_bus.start(kBusDaemon, {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--nopidfile"),
                                 QStringLiteral("--print-address=1")});
        m_address = QString::fromUtf8(readLine(m_bus));
        if (!m_address.startsWith(QLatin1String("unix:")))
            QSKIP(qPrintable(QStringLiteral("no notification service can be started: dbus-daemon did not start (%1)").arg(m_address)));
        // Everything in this process that asks for "the session bus" gets the private one.
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toUtf8());

        const QString script = qEnvironmentVariable("TEAMAI_FAKE_NOTIFYD");
        if (!QFileInfo(kPython).isExecutable())
            QSKIP("no notification service can be started: /usr/bin/python3 is missing");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_address);
        m_daemon.setProcessEnvironment(env);
        m_daemon.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_daemon.start(kPython, {script});
        const QByteArray ready = readLine(m_daemon);
        if (!ready.contains("\"ready\""))
            QSKIP(qPrintable(QStringLiteral("the notification service could not be started: %1").arg(QString::fromUtf8(ready))));
        QVERIFY(connection().isConnected());
        QVERIFY(DBusNotificationSink::serviceAvailable(connection()));
    }

    void cleanupTestCase()
    {
        for (QProcess *process : {&m_daemon, &m_bus}) {
            process->terminate();
            if (!process->waitForFinished(5000))
                process->kill();
        }
    }

    void aRoundIsOneNotificationAndLaterRoundsReplaceIt()
    {
        DBusNotificationSink sink(connection());
        QSignalSpy delivered(&sink, &DBusNotificationSink::delivered);
        Notifier notifier;
        notifier.setSink(&sink);
        const int before = notifyCalls().size();
        notifier.post({failure(1), failure(2), failure(3)});
        QVERIFY(delivered.wait(10000));
        QTRY_COMPARE(notifyCalls().size(), before + 1);
        const QJsonObject first = m_calls.constLast();
        QCOMPARE(first.value(QStringLiteral("summary")).toString(), QStringLiteral("3 commands failed"));
        QCOMPARE(first.value(QStringLiteral("replaces_id")).toInt(), 0);
        QCOMPARE(first.value(QStringLiteral("app_name")).toString(), QStringLiteral("TeamAI Agent"));
        QCOMPARE(first.value(QStringLiteral("desktop_entry")).toString(), QStringLiteral("teamai-tray"));
        QCOMPARE(first.value(QStringLiteral("urgency")).toInt(), 1);
        QVERIFY(first.value(QStringLiteral("body")).toString().contains(QStringLiteral("Command 2 (cmd) for codex failed")));
        const int id = first.value(QStringLiteral("id")).toInt();
        QCOMPARE(sink.idOf(notifier.last().group), uint(id));

        // Two more rounds at once: the second waits for no answer of its own and replaces too.
        notifier.post({failure(4)});
        notifier.post({failure(5)});
        QTRY_COMPARE_WITH_TIMEOUT(notifyCalls().size(), before + 3, 10000);
        QCOMPARE(m_calls.at(before + 1).value(QStringLiteral("replaces_id")).toInt(), id);
        QCOMPARE(m_calls.at(before + 2).value(QStringLiteral("replaces_id")).toInt(), id);
        QCOMPARE(m_calls.at(before + 2).value(QStringLiteral("summary")).toString(), QStringLiteral("5 commands failed"));
    }

    void aClosedNotificationIsNotReplaced()
    {
        DBusNotificationSink sink(connection());
        QSignalSpy delivered(&sink, &DBusNotificationSink::delivered);
        QSignalSpy closed(&sink, &NotificationSink::closed);
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.post({failure(10), failure(11)});
        QVERIFY(delivered.wait(10000));
        const uint id = delivered.at(0).at(1).toUInt();
        QDBusMessage close = QDBusMessage::createMethodCall(DBusNotificationSink::kService, DBusNotificationSink::kPath,
                                                            DBusNotificationSink::kInterface, QStringLiteral("CloseNotification"));
        close << id;
        QCOMPARE(connection().call(close).type(), QDBusMessage::ReplyMessage);
        QVERIFY(closed.wait(10000));
        const int before = notifyCalls().size();
        notifier.post({failure(12)});
        QTRY_COMPARE_WITH_TIMEOUT(notifyCalls().size(), before + 1, 10000);
        QCOMPARE(m_calls.constLast().value(QStringLiteral("replaces_id")).toInt(), 0);
        QCOMPARE(m_calls.constLast().value(QStringLiteral("summary")).toString(), QStringLiteral("Command failed"));
    }

    void notificationsNeedNoTray()
    {
        QObject owner;
        NotificationSink *sink = createDesktopNotificationSink(nullptr, &owner);
        QVERIFY(sink);
        QCOMPARE(sink->name(), DBusNotificationSink::kService);
        Notifier notifier;
        notifier.setSink(sink);
        const int before = notifyCalls().size();
        notifier.post({failure(20)});
        QTRY_COMPARE_WITH_TIMEOUT(notifyCalls().size(), before + 1, 10000);
        QCOMPARE(m_calls.constLast().value(QStringLiteral("summary")).toString(), QStringLiteral("Command failed"));
    }

    void theTrayWithoutAHostNotifiesThroughTheService()
    {
        using namespace teamai;
        test::TestEnvironment env;
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        QCOMPARE(test::enrolTeamai(server.baseUrl()).exitCode, 0);
        QVERIFY(AgentSettings::update(
            [](AgentSettings &s) {
                s.setEnabledAgents({QStringLiteral("claude")});
                s.setRemoteCommandsEnabled(false, QStringLiteral("test"));
            }));
        server.queue({{QStringLiteral("id"), 31}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                      {QStringLiteral("cmd"), QStringLiteral("teamai --version")}});
        TrayController::Options options;
        options.forceNoTray = true;
        options.startScheduler = false;
        options.followSystem = false;
        TrayController tray(options);
        tray.start();
        QVERIFY(!tray.trayAvailable());
        QVERIFY(tray.notifier().sink());
        const int before = notifyCalls().size();
        QSignalSpy finished(&tray, &TrayController::roundFinished);
        tray.syncNow();
        QVERIFY(finished.wait(20000));
        QTRY_COMPARE_WITH_TIMEOUT(notifyCalls().size(), before + 1, 10000);
        QCOMPARE(m_calls.constLast().value(QStringLiteral("summary")).toString(), QStringLiteral("Blocked by your setting"));
        QVERIFY(m_calls.constLast().value(QStringLiteral("body")).toString().contains(QStringLiteral("Command 31")));
    }
};

QTEST_MAIN(TestDBusNotificationSink)
#include "tst_dbusnotificationsink.moc"
