// AckHistoryWindow: the count, each filter control, the search field, and the contents of a
// CSV and a JSON export of what the filters select.

#include "models/AckHistoryModel.h"
#include "store/LedgerDatabase.h"
#include "windows/AckHistoryWindow.h"

#include "AckFixture.h"
#include "TestEnvironment.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::AckFixture;

class TestAckHistoryWindow : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;
    std::unique_ptr<LedgerDatabase> database;
    const QDateTime start = QDateTime(QDate::currentDate().addDays(-2).startOfDay());

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        database = std::make_unique<LedgerDatabase>();
        QVERIFY(database->open());
        QVERIFY(AckFixture::fill(*database, 3000, start));
    }
    void cleanup()
    {
        database.reset();
        env.reset();
    }

    void countAndFilters()
    {
        AckHistoryWindow window(*database);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.model()->rowCount(), 3000);
        QVERIFY2(window.countLabel()->text().startsWith(QStringLiteral("3,000 ack attempts")) ||
                     window.countLabel()->text().startsWith(QStringLiteral("3000 ack attempts")),
                 qPrintable(window.countLabel()->text()));
        QCOMPARE(window.stateFilter()->count(), 4);  // any + 3
        QCOMPARE(window.typeFilter()->count(), 7);   // any + 6

        window.stateFilter()->setCurrentIndex(window.stateFilter()->findData(QStringLiteral("failed")));
        QCOMPARE(window.model()->rowCount(), 600);
        window.typeFilter()->setCurrentIndex(window.typeFilter()->findData(QStringLiteral("uninstall_teamai")));
        QCOMPARE(window.model()->filter().type, QStringLiteral("uninstall_teamai"));
        QCOMPARE(window.model()->rowCount(), 100);  // i % 6 == 1 and i % 10 in {7, 8}
        window.stateFilter()->setCurrentIndex(0);
        window.typeFilter()->setCurrentIndex(0);
        QCOMPARE(window.model()->rowCount(), 3000);

        // Dates: rows are one second apart from `start`, all within its day.
        window.fromEnabled()->setChecked(true);
        window.fromDate()->setDate(start.date().addDays(1));
        QCOMPARE(window.model()->rowCount(), 0);
        window.fromDate()->setDate(start.date());
        window.toEnabled()->setChecked(true);
        window.toDate()->setDate(start.date());
        QCOMPARE(window.model()->rowCount(), 3000);
        window.toDate()->setDate(start.date().addDays(-1));
        QCOMPARE(window.model()->rowCount(), 0);
        window.fromEnabled()->setChecked(false);
        window.toEnabled()->setChecked(false);

        // The search applies by itself after a pause in typing.
        QTest::keyClicks(window.searchField(), QStringLiteral("(row 1237)"));
        QTRY_COMPARE(window.model()->rowCount(), 1);
        QVERIFY(window.countLabel()->text().startsWith(QStringLiteral("1 ack attempt")));
        QCOMPARE(window.model()->data(window.model()->index(0, AckHistoryModel::Error)).toString(),
                 QStringLiteral("cmd failed: exit 1 (row 1237)"));
    }

    void exportsWhatTheFiltersSelect()
    {
        AckHistoryWindow window(*database);
        window.stateFilter()->setCurrentIndex(window.stateFilter()->findData(QStringLiteral("rejected")));
        QCOMPARE(window.model()->rowCount(), 300);

        const QString csvPath = env->home() + QStringLiteral("/export.csv");
        QSignalSpy finished(&window, &AckHistoryWindow::exportFinished);
        QVERIFY(window.startExport(csvPath, AckHistoryQuery::Format::Csv));
        QVERIFY(!window.startExport(csvPath, AckHistoryQuery::Format::Csv));  // one at a time
        QVERIFY(finished.wait(10000));
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
        QCOMPARE(finished.at(0).at(1).toLongLong(), 300);
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 301);
        QVERIFY(lines.at(0).startsWith("attempt_id,attempted_at,command_id"));
        for (int i = 1; i < lines.size(); ++i)
            QVERIFY(lines.at(i).contains(",rejected,failed,false,,remote cmd disabled by client,connection refused,"));

        const QString jsonPath = env->home() + QStringLiteral("/export.json");
        QVERIFY(window.startExport(jsonPath, AckHistoryQuery::Format::Json));
        QVERIFY(finished.wait(10000));
        QFile json(jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(json.readAll()).array();
        QCOMPARE(rows.size(), 300);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("command_state")).toString(), QStringLiteral("rejected"));
        QVERIFY(window.countLabel()->text().startsWith(QStringLiteral("Exported 300 rows")));
    }

    void aFailedExportSaysWhy()
    {
        AckHistoryWindow window(*database);
        QSignalSpy finished(&window, &AckHistoryWindow::exportFinished);
        QVERIFY(window.startExport(QStringLiteral("/proc/not-writable/x.csv"), AckHistoryQuery::Format::Csv));
        QVERIFY(finished.wait(10000));
        QVERIFY(!finished.at(0).at(0).toBool());
        QVERIFY(finished.at(0).at(2).toString().startsWith(QStringLiteral("Export failed")));
    }
};

QTEST_MAIN(TestAckHistoryWindow)
#include "tst_ackhistorywindow.moc"
