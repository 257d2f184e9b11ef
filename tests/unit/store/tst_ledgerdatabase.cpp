#include "store/LedgerDatabase.h"
#include "store/SqliteQuery.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QtTest>

#include <optional>

using namespace teamai;

class TestLedgerDatabase : public QObject
{
    Q_OBJECT
private slots:
    void damagedFileIsKeptAsideAndReplaced()
    {
        test::TestEnvironment env;
        const QByteArray garbage(4096, 'Z');
        env.writeFile(QStringLiteral(".teamai/local-agent/ledger.db"), garbage);
        LedgerDatabase db;
        const Status opened = db.open();
        QVERIFY2(opened, qPrintable(opened.error()));
        QVERIFY(!db.setAsidePath().isEmpty());
        QFile aside(db.setAsidePath());
        QVERIFY(aside.open(QIODevice::ReadOnly));
        QCOMPARE(aside.readAll(), garbage);  // kept byte for byte for inspection
        SqliteQuery q(db.db());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM commands")) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }

    void healthyFileIsKept()
    {
        test::TestEnvironment env;
        {
            LedgerDatabase db;
            QVERIFY(db.open());
            SqliteQuery q(db.db());
            QVERIFY(q.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('k', 'v')")));
        }
        LedgerDatabase again;
        QVERIFY(again.open());
        QVERIFY(again.setAsidePath().isEmpty());
        SqliteQuery q(again.db());
        QVERIFY(q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'k'")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("v"));
        QCOMPARE(QDir(env.stateDir()).entryList({QStringLiteral("ledger.db.damaged-*")}).size(), 0);
    }

    // The first process to open the ledger replays its whole write-ahead log, so the last one out
    // leaves none behind once it wrote something.
    void lastConnectionOutFoldsTheLogIntoTheDatabase()
    {
        test::TestEnvironment env;
        const QString wal = LedgerDatabase::defaultPath() + QStringLiteral("-wal");
        {
            LedgerDatabase db;
            QVERIFY(db.open());
            SqliteQuery q(db.db());
            QVERIFY(q.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('k', 'v')")));
            QVERIFY(QFileInfo(wal).size() > 0);  // the row is in the log, not yet in the database
        }
        QCOMPARE(QFileInfo(wal).size(), 0);  // gone, or empty
        LedgerDatabase again;
        QVERIFY(again.open());
        SqliteQuery q(again.db());
        QVERIFY(q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'k'")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("v"));
    }

    void aConnectionThatIsNotLastLeavesTheLogToTheOthers()
    {
        test::TestEnvironment env;
        const QString wal = LedgerDatabase::defaultPath() + QStringLiteral("-wal");
        LedgerDatabase stays;  // the tray, say
        QVERIFY(stays.open());
        std::optional<LedgerDatabase> leaves(std::in_place);
        QVERIFY(leaves->open());
        QVERIFY(SqliteQuery(leaves->db()).exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('k', 'v')")));
        QElapsedTimer clock;
        clock.start();
        leaves.reset();
        QVERIFY(clock.elapsed() < 1000);  // closed without waiting for `stays`
        QVERIFY(QFileInfo(wal).size() > 0);
        SqliteQuery q(stays.db());
        QVERIFY(q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'k'")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("v"));
    }

    void unusableFolderIsAClearError()
    {
        // The state folder's path is taken by a file: no database can be made there.
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".teamai/local-agent"), "not a folder");
        LedgerDatabase db;
        const Status opened = db.open();
        QVERIFY(!opened);
        QVERIFY2(opened.error().contains(QStringLiteral("local-agent")), qPrintable(opened.error()));
        QCOMPARE(env.readFile(QStringLiteral(".teamai/local-agent")), QByteArray("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TestLedgerDatabase)
#include "tst_ledgerdatabase.moc"
