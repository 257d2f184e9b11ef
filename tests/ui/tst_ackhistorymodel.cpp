// AckHistoryModel: lazy (reads only the pages asked for), filters, and new rows on top.

#include "models/AckHistoryModel.h"
#include "store/LedgerDatabase.h"

#include "AckFixture.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QSignalSpy>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::AckFixture;

namespace {
const QDateTime kStart = QDateTime(QDate(2026, 2, 1), QTime(8, 0), Qt::UTC);
}

class TestAckHistoryModel : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    void setUp() override { QVERIFY(AckFixture::fill(*database, 5000, kStart)); }

private slots:
    void readsOnlyWhatIsAskedFor()
    {
        AckHistoryModel model(*database);
        QCOMPARE(model.rowCount(), 5000);
        QCOMPARE(model.pageLoads(), 0);
        QCOMPARE(model.data(model.index(0, AckHistoryModel::CommandId)).toLongLong(), 1000 + 4999 / 2);
        QCOMPARE(model.data(model.index(1, AckHistoryModel::CommandId)).toLongLong(), 1000 + 4998 / 2);
        QCOMPARE(model.pageLoads(), 1);
        QCOMPARE(model.data(model.index(4999, AckHistoryModel::Time)).toString(),
                 kStart.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        QCOMPARE(model.pageLoads(), 2);
        model.data(model.index(4998, AckHistoryModel::Type));
        QCOMPARE(model.pageLoads(), 2);  // cached
        // Retries and the HTTP column for an undelivered attempt.
        const int undelivered = 5000 - 1 - 9;  // i = 9
        QCOMPARE(model.data(model.index(undelivered, AckHistoryModel::Delivered)).toString(), QStringLiteral("No"));
        QCOMPARE(model.data(model.index(undelivered, AckHistoryModel::Http)).toString(), QStringLiteral("—"));
        QCOMPARE(model.data(model.index(undelivered, AckHistoryModel::Error)).toString(), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(model.data(model.index(undelivered, AckHistoryModel::Retries)).toInt(), 9 % 3);
        QVERIFY(model.data(model.index(undelivered, AckHistoryModel::Error), Qt::ToolTipRole).toString().contains(QStringLiteral("connection refused")));
    }

    void theCacheIsBounded()
    {
        AckHistoryModel model(*database);
        for (int row = 0; row < 5000; row += AckHistoryModel::kPageSize)
            model.data(model.index(row, 0));
        QCOMPARE(model.pageLoads(), 25);
        for (int row = 0; row < 5000; row += AckHistoryModel::kPageSize)
            model.data(model.index(row, 0));
        QCOMPARE(model.pageLoads(), 25);  // 25 pages fit in the cache
    }

    void filtersReset()
    {
        AckHistoryModel model(*database);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        AckHistoryFilter filter;
        filter.commandState = QStringLiteral("rejected");
        model.setFilter(filter);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 500);
        QCOMPARE(model.data(model.index(0, AckHistoryModel::State)).toString(), QStringLiteral("Refused"));
        QCOMPARE(model.types().size(), 6);
        QCOMPARE(model.states().size(), 3);
    }

    void sortsInSqlWithoutReadingEverything()
    {
        AckHistoryModel model(*database);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.sort(AckHistoryModel::CommandId, Qt::AscendingOrder);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.filter().sortKey, AckSortKey::CommandId);
        QVERIFY(model.filter().ascending);
        QCOMPARE(model.rowCount(), 5000);
        QCOMPARE(model.data(model.index(0, AckHistoryModel::CommandId)).toLongLong(), 1000);
        QCOMPARE(model.data(model.index(4999, AckHistoryModel::CommandId)).toLongLong(), 1000 + 4999 / 2);
        QCOMPARE(model.pageLoads(), 2);  // the two pages asked for, not the 25 of the table
        model.sort(AckHistoryModel::Retries, Qt::DescendingOrder);
        QCOMPARE(model.filter().sortKey, AckSortKey::Attempt);
        QCOMPARE(model.data(model.index(0, AckHistoryModel::Retries)).toInt(), 2);
        QCOMPARE(model.data(model.index(4999, AckHistoryModel::Retries)).toInt(), 0);
        // Every column sorts by something of its own.
        QSet<int> keys;
        for (int column = 0; column < AckHistoryModel::ColumnCount; ++column)
            keys.insert(int(AckHistoryModel::sortKeyOf(column)));
        QCOMPARE(keys.size(), int(AckHistoryModel::ColumnCount));
        // The filters keep the sort.
        AckHistoryFilter filter = model.filter();
        filter.agentType = QStringLiteral("codex");
        model.setFilter(filter);
        QCOMPARE(model.rowCount(), 1667);  // i % 3 == 0 for i < 5000
        QCOMPARE(model.filter().sortKey, AckSortKey::Attempt);
    }

    void newRowsGoOnTop()
    {
        AckHistoryModel model(*database);
        model.data(model.index(0, 0));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QVERIFY(AckFixture::fill(*database, 3, kStart.addDays(1)));
        model.refresh();
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);
        QCOMPARE(inserted.at(0).at(2).toInt(), 2);
        QCOMPARE(model.rowCount(), 5003);
        QCOMPARE(model.data(model.index(3, AckHistoryModel::CommandId)).toLongLong(), 1000 + 4999 / 2);
    }
};

QTEST_MAIN(TestAckHistoryModel)
#include "tst_ackhistorymodel.moc"
