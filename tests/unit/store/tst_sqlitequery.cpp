// SqliteQuery: the ledger's statements on SQLite's C API, with QtSql's value conventions.

#include "store/SqliteQuery.h"

#include <QtTest>

#include <sqlite3.h>

using namespace teamai;

class TestSqliteQuery : public QObject
{
    Q_OBJECT
private:
    sqlite3 *db = nullptr;

private slots:
    void init()
    {
        QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
        SqliteQuery q(db);
        const Status created = q.exec(QStringLiteral("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB)"));
        QVERIFY2(created, qPrintable(created.error()));
    }
    void cleanup()
    {
        sqlite3_close(db);
        db = nullptr;
    }

    void valuesRoundTripWithQtSqlTypes()
    {
        SqliteQuery insert(db);
        QVERIFY(insert.prepare(QStringLiteral("INSERT INTO t (n, r, s, b) VALUES (?, ?, ?, ?)")));
        const QByteArray blob("a\0b\xff", 4);
        insert.addBindValue(qint64(1) << 40);
        insert.addBindValue(2.5);
        insert.addBindValue(QStringLiteral("grüße ✓"));
        insert.addBindValue(blob);
        const Status inserted = insert.exec();
        QVERIFY2(inserted, qPrintable(inserted.error()));
        QCOMPARE(insert.numRowsAffected(), 1);
        QCOMPARE(insert.lastInsertId(), 1);

        SqliteQuery select(db);
        QVERIFY(select.exec(QStringLiteral("SELECT n, r, s, b FROM t")));
        QVERIFY(select.next());
        QCOMPARE(select.value(0).typeId(), QMetaType::LongLong);
        QCOMPARE(select.value(0).toLongLong(), qint64(1) << 40);
        QCOMPARE(select.value(1).toDouble(), 2.5);
        QCOMPARE(select.value(2).typeId(), QMetaType::QString);
        QCOMPARE(select.value(2).toString(), QStringLiteral("grüße ✓"));
        QCOMPARE(select.value(3).typeId(), QMetaType::QByteArray);
        QCOMPARE(select.value(3).toByteArray(), blob);
        QVERIFY(!select.next());
    }

    void nullsEmptyStringsAndBools()
    {
        SqliteQuery insert(db);
        QVERIFY(insert.prepare(QStringLiteral("INSERT INTO t (n, s, b) VALUES (?, ?, ?)")));
        insert.addBindValue(QVariant(QMetaType(QMetaType::Int)));  // a typed null
        insert.addBindValue(QString());                             // a null string
        insert.addBindValue(QByteArray());
        QVERIFY(insert.exec());
        insert.addBindValue(true);
        insert.addBindValue(QStringLiteral(""));  // empty, not null
        insert.addBindValue(QByteArray(""));
        QVERIFY(insert.exec());

        SqliteQuery select(db);
        QVERIFY(select.exec(QStringLiteral("SELECT n, s, b, s IS NULL FROM t ORDER BY id")));
        QVERIFY(select.next());
        QVERIFY(select.isNull(0) && select.isNull(1) && select.isNull(2));
        QVERIFY(select.value(0).isNull());
        QVERIFY(select.next());
        QCOMPARE(select.value(0).toInt(), 1);
        QCOMPARE(select.value(3).toInt(), 0);
        QVERIFY(!select.isNull(1));
    }

    void aPreparedStatementRunsAgainWithNewValues()
    {
        SqliteQuery insert(db);
        QVERIFY(insert.prepare(QStringLiteral("INSERT INTO t (n) VALUES (?)")));
        for (int i = 0; i < 3; ++i) {
            insert.bindValue(0, i);
            QVERIFY(insert.exec());
        }
        SqliteQuery sum(db);
        QVERIFY(sum.prepare(QStringLiteral("SELECT COUNT(*), SUM(n) FROM t WHERE n >= :least")));
        sum.bindValue(QStringLiteral(":least"), 1);
        QVERIFY(sum.exec() && sum.next());
        QCOMPARE(sum.value(0).toInt(), 2);
        QCOMPARE(sum.value(1).toInt(), 3);
        sum.finish();
        sum.bindValue(QStringLiteral(":least"), 0);
        QVERIFY(sum.exec() && sum.next());
        QCOMPARE(sum.value(0).toInt(), 3);
    }

    void updatesCountTheRowsTheyChange()
    {
        SqliteQuery q(db);
        QVERIFY(q.exec(QStringLiteral("INSERT INTO t (n) VALUES (1), (1), (2)")));
        QVERIFY(q.prepare(QStringLiteral("UPDATE t SET n = 5 WHERE n = ?")));
        q.addBindValue(1);
        QVERIFY(q.exec());
        QCOMPARE(q.numRowsAffected(), 2);
        q.addBindValue(42);
        QVERIFY(q.exec());
        QCOMPARE(q.numRowsAffected(), 0);
    }

    void errorsAreReportedNotThrown()
    {
        SqliteQuery q(db);
        const Status prepared = q.prepare(QStringLiteral("SELEKT nothing"));
        QVERIFY(!prepared);
        QVERIFY2(prepared.error().contains(QStringLiteral("syntax error")), qPrintable(prepared.error()));
        QVERIFY(!q.exec());  // nothing prepared
        QVERIFY(!q.next());
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE u (k INTEGER NOT NULL)")));
        QVERIFY(q.prepare(QStringLiteral("INSERT INTO u (k) VALUES (?)")));
        q.addBindValue(QVariant());
        const Status refused = q.exec();
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(QStringLiteral("NOT NULL")), qPrintable(refused.error()));
        q.addBindValue(7);  // the statement is usable again
        const Status inserted = q.exec();
        QVERIFY2(inserted, qPrintable(inserted.error()));
    }
};

QTEST_GUILESS_MAIN(TestSqliteQuery)
#include "tst_sqlitequery.moc"
