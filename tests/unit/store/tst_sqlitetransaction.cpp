// SqliteTransaction: rolled back unless committed, and a COMMIT that fails says so (issue 18 item 3).

#include "store/SqliteTransaction.h"

#include <QtTest>

#include <sqlite3.h>

using namespace teamai;

class TestSqliteTransaction : public QObject
{
    Q_OBJECT
private:
    sqlite3 *m_db = nullptr;

    void run(const char *sql) { QCOMPARE(sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr), SQLITE_OK); }

    int rows(const char *table)
    {
        sqlite3_stmt *statement = nullptr;
        const QByteArray sql = QByteArray("SELECT count(*) FROM ") + table;
        sqlite3_prepare_v2(m_db, sql.constData(), -1, &statement, nullptr);
        sqlite3_step(statement);
        const int count = sqlite3_column_int(statement, 0);
        sqlite3_finalize(statement);
        return count;
    }

private slots:
    void init()
    {
        QCOMPARE(sqlite3_open(":memory:", &m_db), SQLITE_OK);
        run("PRAGMA foreign_keys = ON");
        run("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
        // Checked at COMMIT, not at INSERT: the way to make a COMMIT fail on demand.
        run("CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)");
    }
    void cleanup() { sqlite3_close(m_db); }

    void committedWorkStays()
    {
        {
            SqliteTransaction transaction(m_db);
            QVERIFY(transaction.began());
            run("INSERT INTO parent VALUES (1)");
            QVERIFY(transaction.commit());
        }
        QCOMPARE(rows("parent"), 1);
        QVERIFY(sqlite3_get_autocommit(m_db));
    }

    void uncommittedWorkIsRolledBack()
    {
        {
            SqliteTransaction transaction(m_db);
            run("INSERT INTO parent VALUES (1)");
        }
        QCOMPARE(rows("parent"), 0);
        QVERIFY(sqlite3_get_autocommit(m_db));
    }

    void aFailedCommitIsReportedAndNothingStays()
    {
        {
            SqliteTransaction transaction(m_db);
            run("INSERT INTO parent VALUES (1)");
            run("INSERT INTO child VALUES (99)");  // no such parent: COMMIT refuses
            const Status committed = transaction.commit();
            QVERIFY(!committed);
            QVERIFY(committed.error().contains(QLatin1String("FOREIGN KEY")));
        }
        QCOMPARE(rows("parent"), 0);
        QCOMPARE(rows("child"), 0);
        QVERIFY(sqlite3_get_autocommit(m_db));
    }

    void beginInsideATransactionFails()
    {
        run("BEGIN");
        SqliteTransaction nested(m_db);
        QVERIFY(!nested.began());
        QVERIFY(!nested.began().error().isEmpty());
        QVERIFY(!nested.commit());
        run("ROLLBACK");
    }
};

QTEST_GUILESS_MAIN(TestSqliteTransaction)
#include "tst_sqlitetransaction.moc"
