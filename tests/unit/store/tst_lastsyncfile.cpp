// last-sync.json: the latest sync round's outcome, shown by `teamai status` and the tray.

#include "store/LastSyncFile.h"

#include "FileMode.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

using namespace teamai;

class TestLastSyncFile : public QObject
{
    Q_OBJECT
private slots:
    void savedOutcomeReadsBack()
    {
        test::TestEnvironment env;
        QVERIFY(!lastsync::load());  // never synced
        const QDateTime when = QDateTime::fromMSecsSinceEpoch(1700000000123, Qt::UTC);
        const Status saved = lastsync::save({when, false, QStringLiteral("invalid token"), QStringLiteral("claude")});
        QVERIFY2(saved, qPrintable(saved.error()));
        const std::optional<SyncRecord> read = lastsync::load();
        QVERIFY(read);
        QCOMPARE(read->time, when);
        QCOMPARE(read->ok, false);
        QCOMPARE(read->message, QStringLiteral("invalid token"));
        QCOMPARE(read->tool, QStringLiteral("claude"));
        QCOMPARE(test::fileMode(lastsync::defaultPath()), 0600);
    }

    void eachRoundReplacesTheLastInPlace()
    {
        test::TestEnvironment env;
        QDir().mkpath(env.stateDir());
        for (int i = 0; i < 3; ++i)
            QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), i == 2, QString::number(i), QString()}));
        QCOMPARE(lastsync::load()->message, QStringLiteral("2"));
        QVERIFY(lastsync::load()->ok);
        QCOMPARE(QDir(env.stateDir()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("last-sync.json")});
        QCOMPARE(test::fileMode(lastsync::defaultPath()), 0600);
    }

    void aShorterRecordReplacesALongerOneWhole()
    {
        test::TestEnvironment env;
        const QString longMessage(2000, u'x');
        QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), false, longMessage, QStringLiteral("claude")}));
        QCOMPARE(lastsync::load()->message.size(), lastsync::kMaxMessageLength);  // cut, still valid JSON
        QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), true, QString(), QString()}));
        const std::optional<SyncRecord> read = lastsync::load();
        QVERIFY(read && read->ok && read->message.isEmpty() && read->tool.isEmpty());
        QVERIFY(QFileInfo(lastsync::defaultPath()).size() < 200);  // no tail of the old record
    }

    void unreadableContentIsNoRecord()
    {
        test::TestEnvironment env;
        for (const QByteArray &content : {QByteArray("{not json"), QByteArray("[1]"), QByteArray("{\"time\":\"yesterday\"}")}) {
            env.writeFile(QStringLiteral(".teamai/local-agent/last-sync.json"), content);
            QVERIFY2(!lastsync::load(), content.constData());
        }
    }

    void aFolderThatCannotBeWrittenIsAClearError()
    {
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".teamai/local-agent"), "not a folder");
        const Status saved = lastsync::save({QDateTime::currentDateTimeUtc(), true, QString(), QString()});
        QVERIFY(!saved);
        const QString error = saved.error();
        QVERIFY2(error.contains(QStringLiteral("local-agent")), qPrintable(error));
        QCOMPARE(env.readFile(QStringLiteral(".teamai/local-agent")), QByteArray("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TestLastSyncFile)
#include "tst_lastsyncfile.moc"
