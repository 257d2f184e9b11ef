// last-sync.json: the latest sync round's outcome, shown by `teamai status` and the tray.

#include "store/LastSyncFile.h"

#include "../config/FileMode.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
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
        QString error;
        QVERIFY2(lastsync::save({when, false, QStringLiteral("invalid token"), QStringLiteral("claude")},
                                lastsync::defaultPath(), &error),
                 qPrintable(error));
        const std::optional<SyncRecord> read = lastsync::load();
        QVERIFY(read);
        QCOMPARE(read->time, when);
        QCOMPARE(read->ok, false);
        QCOMPARE(read->message, QStringLiteral("invalid token"));
        QCOMPARE(read->tool, QStringLiteral("claude"));
        QCOMPARE(test::fileMode(lastsync::defaultPath()), 0600);
    }

    void eachRoundReplacesTheLastWithoutLeavingTemporaryFiles()
    {
        test::TestEnvironment env;
        QDir().mkpath(env.stateDir());
        for (int i = 0; i < 3; ++i)
            QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), i == 2, QString::number(i), QString()}));
        QCOMPARE(lastsync::load()->message, QStringLiteral("2"));
        QVERIFY(lastsync::load()->ok);
        QCOMPARE(QDir(env.stateDir()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("last-sync.json")});
    }

    void aStaleTemporaryFileOfOurProcessIdIsReplaced()
    {
        test::TestEnvironment env;
        QDir().mkpath(env.stateDir());
        const QString stale = QStringLiteral("%1/.last-sync.json.%2.tmp").arg(env.stateDir()).arg(QCoreApplication::applicationPid());
        QFile file(stale);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("left by a crash");
        file.close();
        QVERIFY(lastsync::save({QDateTime::currentDateTimeUtc(), true, QString(), QString()}));
        QVERIFY(lastsync::load());
        QVERIFY(!QFile::exists(stale));
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
        QString error;
        QVERIFY(!lastsync::save({QDateTime::currentDateTimeUtc(), true, QString(), QString()}, lastsync::defaultPath(), &error));
        QVERIFY2(error.contains(QStringLiteral("local-agent")), qPrintable(error));
        QCOMPARE(env.readFile(QStringLiteral(".teamai/local-agent")), QByteArray("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TestLastSyncFile)
#include "tst_lastsyncfile.moc"
