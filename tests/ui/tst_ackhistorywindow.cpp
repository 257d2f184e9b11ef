// AckHistoryWindow: the count, each filter control, the search field, and the contents of a
// CSV and a JSON export of what the filters select. Issue 16 item 6: the header sorts every
// column (in SQL), the agent filter, the details pane (command JSON, every attempt, the result),
// and an export that writes nothing until the user confirms it, to a sensible default path.

#include "models/AckHistoryModel.h"
#include "store/LedgerDatabase.h"
#include "windows/AckHistoryWindow.h"

#include "AckFixture.h"
#include "LedgerFixture.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"
#include "TextChecks.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::AckFixture;
using teamai::test::LedgerFixture;

class TestAckHistoryWindow : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    const QDateTime start = QDateTime(QDate::currentDate().addDays(-2).startOfDay());

    void setUp() override { QVERIFY(AckFixture::fill(*database, 3000, start)); }

private slots:
    void countAndFilters()
    {
        AckHistoryWindow window(*database);
        QVERIFY(teamai::test::showAndWait(window));
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

    void headerSortsEveryColumn()
    {
        AckHistoryWindow window(*database);
        QVERIFY(teamai::test::showAndWait(window));
        QHeaderView *header = window.table()->horizontalHeader();
        for (int column = 0; column < AckHistoryModel::ColumnCount; ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                window.table()->sortByColumn(column, order);
                QCOMPARE(window.model()->filter().sortKey, AckHistoryModel::sortKeyOf(column));
                QCOMPARE(window.model()->filter().ascending, order == Qt::AscendingOrder);
                QCOMPARE(header->sortIndicatorSection(), column);
                QCOMPARE(window.model()->rowCount(), 3000);
            }
        }
        window.table()->sortByColumn(AckHistoryModel::CommandId, Qt::AscendingOrder);
        QCOMPARE(window.model()->data(window.model()->index(0, AckHistoryModel::CommandId)).toLongLong(), 1000);
        // A filter change keeps the sort the header shows.
        window.stateFilter()->setCurrentIndex(window.stateFilter()->findData(QStringLiteral("failed")));
        QCOMPARE(window.model()->filter().sortKey, AckSortKey::CommandId);
        QCOMPARE(window.model()->data(window.model()->index(0, AckHistoryModel::CommandId)).toLongLong(), 1003);  // i = 7
    }

    void agentFilter()
    {
        AckHistoryWindow window(*database);
        QComboBox *agent = window.agentFilter();
        QCOMPARE(agent->itemData(0).toString(), QString());
        const int codex = agent->findData(QStringLiteral("codex"));
        QVERIFY(codex > 0);
        QVERIFY(agent->findData(QStringLiteral("claude")) > 0);
        agent->setCurrentIndex(codex);
        QCOMPARE(window.model()->rowCount(), 1000);  // i % 3 == 0
        QCOMPARE(window.model()->data(window.model()->index(0, AckHistoryModel::Agent)).toString(), QStringLiteral("codex"));
    }

    void detailsPaneShowsCommandAttemptsAndResult()
    {
        LedgerFixture::finished(*ledger, 88, CommandState::Failed, "printed before failing\n", {}, QStringLiteral("cmd failed: exit 3"));
        OutboxAck ack;
        for (const OutboxAck &due : ledger->dueAcks(false)) {
            if (due.commandId == 88)
                ack = due;
        }
        QCOMPARE(ack.commandId, 88);
        ledger->recordAckAttempt(ack, 503, QStringLiteral("HTTP 503"), false);
        ledger->recordAckAttempt(*ledger->undeliveredAck(ack.ackId), 200, QString(), true);

        AckHistoryWindow window(*database);
        QVERIFY(teamai::test::showAndWait(window));
        QVERIFY(window.detailsView()->toPlainText().isEmpty());
        window.table()->selectRow(0);  // newest: the second attempt of command 88
        const QString details = window.detailsView()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("\"id\": 88")), qPrintable(details));
        QCOMPARE(teamai::test::missingFrom(details, {QStringLiteral("\"cmd\": \"teamai status\""),
                                                     QStringLiteral("Attempts to send the result (2)"),
                                                     QStringLiteral("Attempt 1 at "),
                                                     QStringLiteral("not delivered (HTTP 503): HTTP 503"),
                                                     QStringLiteral("Attempt 2 at "),
                                                     QStringLiteral("delivered (HTTP 200)."),
                                                     QStringLiteral("State: Failed"),
                                                     QStringLiteral("Exit status: 3"),
                                                     QStringLiteral("Error: cmd failed: exit 3"),
                                                     QStringLiteral("printed before failing")}),
                 QStringList());
        window.table()->selectRow(5);  // a fixture row: no ack behind it
        QVERIFY(window.detailsView()->toPlainText().contains(QStringLiteral("no longer holds this ack")));
    }

    void exportOnlyAfterConfirmation()
    {
        AckHistoryWindow window(*database);
        QVERIFY(teamai::test::showAndWait(window));
        const QString path = env->home() + QStringLiteral("/confirmed.csv");
        QSignalSpy finished(&window, &AckHistoryWindow::exportFinished);

        window.requestExport(path, AckHistoryQuery::Format::Csv);
        QMessageBox *question = window.exportConfirmation();
        QVERIFY(question);
        QVERIFY(question->isVisible());
        QVERIFY2(question->text().contains(QStringLiteral("3,000")) || question->text().contains(QStringLiteral("3000")), qPrintable(question->text()));
        QVERIFY(question->text().contains(path));
        QVERIFY(!QFile::exists(path));
        QVERIFY(!window.isExporting());
        question->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!window.exportConfirmation());
        QVERIFY(!window.isExporting());
        QVERIFY(!QFile::exists(path));
        QCOMPARE(finished.count(), 0);

        window.requestExport(path, AckHistoryQuery::Format::Csv);
        question = window.exportConfirmation();
        QVERIFY(question);
        QAbstractButton *exportButton = nullptr;
        for (QAbstractButton *button : question->buttons()) {
            if (question->buttonRole(button) == QMessageBox::AcceptRole)
                exportButton = button;
        }
        QVERIFY(exportButton);
        QCOMPARE(exportButton->text(), QStringLiteral("&Export"));
        exportButton->click();
        QVERIFY(finished.wait(10000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(QFile::exists(path));
    }

    void defaultExportPath()
    {
        // Today's date read after the path: should midnight fall between the two, read both again.
        QString csv = AckHistoryWindow::defaultExportPath(AckHistoryQuery::Format::Csv);
        QString today = QDate::currentDate().toString(Qt::ISODate);
        if (!csv.contains(today)) {
            csv = AckHistoryWindow::defaultExportPath(AckHistoryQuery::Format::Csv);
            today = QDate::currentDate().toString(Qt::ISODate);
        }
        QCOMPARE(QFileInfo(csv).fileName(), QStringLiteral("teamai-ack-history-%1.csv").arg(today));
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString folder = QFileInfo(csv).absolutePath();
        QVERIFY2(folder == (QDir(documents).exists() ? documents : QDir::homePath()), qPrintable(folder));
        QVERIFY(folder.startsWith(env->home()));
        QVERIFY(AckHistoryWindow::defaultExportPath(AckHistoryQuery::Format::Json).endsWith(today + QStringLiteral(".json")));
        QDir(env->home()).mkpath(QStringLiteral("Documents"));
        if (!documents.isEmpty() && QDir(documents).exists())
            QCOMPARE(QFileInfo(AckHistoryWindow::defaultExportPath(AckHistoryQuery::Format::Csv)).absolutePath(), documents);
    }

    void aFailedExportSaysWhy()
    {
        AckHistoryWindow window(*database);
        QSignalSpy finished(&window, &AckHistoryWindow::exportFinished);
        QVERIFY(window.startExport(QStringLiteral("/proc/not-writable/x.csv"), AckHistoryQuery::Format::Csv));
        QVERIFY(finished.wait(10000));
        QVERIFY(!finished.at(0).at(0).toBool());
        QVERIFY(finished.at(0).at(2).toString().startsWith(QStringLiteral("The export failed")));
    }
};

QTEST_MAIN(TestAckHistoryWindow)
#include "tst_ackhistorywindow.moc"
