// Notifier (issue 16 item 3): the events of a round become one notification titled by what
// happened; later rounds update it in place (same group) until the desktop closes it; kinds the
// user turned off are dropped.

#include "tray/DesktopNotificationSink.h"
#include "tray/Notifier.h"
#include "tray/RoundNotifications.h"

#include "TestEnvironment.h"

#include <QSignalSpy>
#include <QSystemTrayIcon>
#include <QtTest>

using namespace teamai::ui;

namespace {

// What a desktop would have shown, in order.
class RecordingSink : public NotificationSink
{
public:
    QList<Notification> shown;
    void show(const Notification &notification) override { shown << notification; }
    QString name() const override { return QStringLiteral("recorder"); }
    void closeGroup(const QString &group) { emit closed(group); }
};

RanCommand ran(qint64 id, const QString &type, bool succeeded, const QString &error = {})
{
    RanCommand r;
    r.agentType = QStringLiteral("claude");
    r.commandId = id;
    r.type = type;
    r.succeeded = succeeded;
    r.error = error;
    return r;
}

NotificationEvent failure(qint64 id)
{
    return RoundNotifications::eventFor(ran(id, QStringLiteral("cmd"), false, QStringLiteral("cmd failed: exit 1")));
}

} // namespace

class TestNotifier : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // No notification service here (tst_dbusnotificationsink has one): a bus that is not there.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/teamai-test-bus");
    }

    void withoutAServiceTheTrayBalloonShowsThem()
    {
        QObject owner;
        QSystemTrayIcon tray;
        NotificationSink *sink = createDesktopNotificationSink(&tray, &owner);
        QVERIFY(sink);
        QCOMPARE(sink->name(), QStringLiteral("tray balloon"));
        QCOMPARE(createDesktopNotificationSink(nullptr, &owner), nullptr);  // neither: nothing to show them
    }

    void eachEventIsTitledByWhatHappened()
    {
        const NotificationEvent blocked = RoundNotifications::eventFor(ran(1, QStringLiteral("cmd"), false, QStringLiteral("remote cmd disabled by client")));
        QCOMPARE(blocked.kind, NotificationKind::Blocked);
        QCOMPARE(blocked.title, QStringLiteral("Blocked by your setting"));
        QVERIFY2(blocked.text.contains(QStringLiteral("was not run: remote commands are turned off")), qPrintable(blocked.text));

        const NotificationEvent failed = failure(2);
        QCOMPARE(failed.kind, NotificationKind::Failed);
        QCOMPARE(failed.title, QStringLiteral("Command failed"));
        QCOMPARE(failed.text, QStringLiteral("Command 2 (cmd) for claude failed: cmd failed: exit 1"));

        const NotificationEvent skill = RoundNotifications::eventFor(ran(3, QStringLiteral("install_skill"), true));
        QCOMPARE(skill.kind, NotificationKind::Installed);
        QCOMPARE(skill.title, QStringLiteral("Skill installed"));
        QCOMPARE(RoundNotifications::eventFor(ran(4, QStringLiteral("uninstall_mcp"), true)).title, QStringLiteral("MCP server removed"));

        const NotificationEvent other = RoundNotifications::eventFor(ran(5, QStringLiteral("uninstall_teamai"), true));
        QCOMPARE(other.kind, NotificationKind::Succeeded);
        QCOMPARE(other.title, QStringLiteral("Command ran"));
        QCOMPARE(other.text, QStringLiteral("Command 5 (uninstall_teamai) for claude succeeded."));
    }

    void aSingleEventShowsAsItself()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.post({failure(7)});
        QCOMPARE(sink.shown.size(), 1);
        QCOMPARE(sink.shown.at(0).title, QStringLiteral("Command failed"));
        QCOMPARE(sink.shown.at(0).severity, Notification::Severity::Warning);
    }

    void threeFailuresOfARoundAreOneNotification()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        QSignalSpy shown(&notifier, &Notifier::show);
        notifier.post({failure(1), failure(2), failure(3)});
        QCOMPARE(sink.shown.size(), 1);
        QCOMPARE(shown.size(), 1);
        const Notification &n = sink.shown.at(0);
        QCOMPARE(n.title, QStringLiteral("3 commands failed"));
        QCOMPARE(n.count, 3);
        for (int id = 1; id <= 3; ++id)
            QVERIFY2(n.body.contains(QStringLiteral("Command %1 (cmd) for claude failed").arg(id)), qPrintable(n.body));
        QVERIFY(n.body.endsWith(QStringLiteral("Open Commands… for details.")));
    }

    void aMixedRoundIsSummedUpByKind()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        SyncRoundResult round;
        round.ok = true;
        round.ran = {ran(1, QStringLiteral("cmd"), false, QStringLiteral("remote cmd disabled by client")),
                     ran(2, QStringLiteral("cmd"), false, QStringLiteral("boom")), ran(3, QStringLiteral("install_skill"), true),
                     ran(4, QStringLiteral("uninstall_teamai"), true), ran(5, QStringLiteral("uninstall_teamai"), true)};
        notifier.post(RoundNotifications::eventsFor(round));
        QCOMPARE(sink.shown.size(), 1);
        const Notification &n = sink.shown.at(0);
        QCOMPARE(n.title, QStringLiteral("5 remote commands finished"));
        const QStringList lines = n.body.split(u'\n');
        QCOMPARE(lines.mid(0, 4), (QStringList{QStringLiteral("Blocked by your setting: 1"), QStringLiteral("Failed: 1"),
                                                QStringLiteral("Installed or removed: 1"), QStringLiteral("Ran: 2")}));
        QVERIFY2(lines.contains(QStringLiteral("…and 2 more.")), qPrintable(n.body));  // 3 are listed by name
        QCOMPARE(n.severity, Notification::Severity::Warning);
    }

    void laterRoundsUpdateTheSameNotification()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.post({failure(1)});
        notifier.post({failure(2), failure(3)});
        QCOMPARE(sink.shown.size(), 2);
        QCOMPARE(sink.shown.at(1).group, sink.shown.at(0).group);
        QCOMPARE(sink.shown.at(1).title, QStringLiteral("3 commands failed"));
        QVERIFY(sink.shown.at(1).body.contains(QStringLiteral("Command 1 (cmd)")));
    }

    void aClosedNotificationIsNotUpdated()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.post({failure(1), failure(2)});
        sink.closeGroup(sink.shown.at(0).group);
        notifier.post({failure(3)});
        QCOMPARE(sink.shown.size(), 2);
        QVERIFY(sink.shown.at(1).group != sink.shown.at(0).group);
        QCOMPARE(sink.shown.at(1).title, QStringLiteral("Command failed"));
        QCOMPARE(sink.shown.at(1).count, 1);
    }

    void anOldGroupIsNotUpdated()
    {
        qint64 now = 0;
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.setClock([&now] { return now; });
        notifier.setGroupWindowMs(1000);
        notifier.post({failure(1)});
        now = 999;
        notifier.post({failure(2)});
        QCOMPARE(sink.shown.at(1).group, sink.shown.at(0).group);
        now = 1999;  // a second after the last update
        notifier.post({failure(3)});
        QVERIFY(sink.shown.at(2).group != sink.shown.at(1).group);
        QCOMPARE(sink.shown.at(2).count, 1);
    }

    void kindsTurnedOffAreDropped()
    {
        RecordingSink sink;
        Notifier notifier;
        notifier.setSink(&sink);
        notifier.setEnabledKinds({NotificationKind::Failed});
        notifier.post({RoundNotifications::eventFor(ran(1, QStringLiteral("uninstall_teamai"), true))});
        QCOMPARE(sink.shown.size(), 0);
        notifier.post({RoundNotifications::eventFor(ran(2, QStringLiteral("install_skill"), true)), failure(3)});
        QCOMPARE(sink.shown.size(), 1);
        QCOMPARE(sink.shown.at(0).title, QStringLiteral("Command failed"));  // the skill was not counted
        QCOMPARE(sink.shown.at(0).count, 1);
    }

    void theChoiceIsReadFromSettings()
    {
        teamai::test::TestEnvironment env;
        QCOMPARE(enabledNotificationKinds().size(), allNotificationKinds().size());  // all by default
        const teamai::Status saved = saveEnabledNotificationKinds({NotificationKind::Failed, NotificationKind::Blocked});
        QVERIFY2(saved, qPrintable(saved.error()));
        QCOMPARE(enabledNotificationKinds(), (QSet<NotificationKind>{NotificationKind::Failed, NotificationKind::Blocked}));
        QVERIFY(env.readFile(QStringLiteral(".teamai/local-agent/settings.json")).contains("\"succeeded\""));
    }
};

QTEST_MAIN(TestNotifier)
#include "tst_notifier.moc"
