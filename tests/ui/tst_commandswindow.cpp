// CommandsWindow: details of the selected command, live output and cancel for a command run
// here, the note for one run by another process, tails and spill files for a finished one, and
// that a ledger change shows after reload().

#include "models/CommandsModel.h"
#include "models/LiveRuns.h"
#include "windows/CommandsWindow.h"

#include "LedgerFixture.h"
#include "TestEnvironment.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::LedgerFixture;

class TestCommandsWindow : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;
    std::unique_ptr<LedgerDatabase> database;
    std::unique_ptr<CommandLedger> ledger;

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        database = std::make_unique<LedgerDatabase>();
        QVERIFY(database->open());
        ledger = std::make_unique<CommandLedger>(*database);
    }
    void cleanup()
    {
        ledger.reset();
        database.reset();
        env.reset();
    }

    void emptyLedger()
    {
        CommandsWindow window(*ledger, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.model()->rowCount(), 0);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("No commands yet")));
    }

    void finishedCommandShowsTailsAndSpill()
    {
        const QString spill = env->writeFile(QStringLiteral("spill.out"), "whole output");
        LedgerFixture::finished(*ledger, 11, CommandState::Failed, "partial tail\n", "it broke\n",
                                QStringLiteral("cmd failed: it broke"), spill);
        CommandsWindow window(*ledger, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.table()->selectionModel()->currentIndex().row(), 0);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("Command 11")));
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("cmd failed: it broke")));
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("exit 3")));
        const QString output = window.outputView()->toPlainText();
        QVERIFY(output.contains(QStringLiteral("partial tail")));
        QVERIFY(output.contains(QStringLiteral("── stderr ──\nit broke")));
        const auto buttons = window.findChildren<QPushButton *>();
        bool openOut = false;
        for (QPushButton *button : buttons)
            openOut = openOut || (button->text() == QStringLiteral("Open full stdout") && button->isVisible());
        QVERIFY(openOut);
        QVERIFY(!window.cancelButton()->isVisible());
    }

    void runningElsewhereSaysSo()
    {
        LedgerFixture::running(*ledger, 12);
        CommandsWindow window(*ledger, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.findChildren<QLabel *>().size() > 0);
        bool note = false;
        for (QLabel *label : window.findChildren<QLabel *>())
            note = note || label->text().contains(QStringLiteral("Running in another agent process"));
        QVERIFY(note);
        QVERIFY(!window.cancelButton()->isVisible());
    }

    void runningHereShowsLiveOutputAndCancels()
    {
        LedgerFixture::running(*ledger, 13);
        LiveRuns live;
        live.started(QStringLiteral("claude"), 13, 777);
        live.output(QStringLiteral("claude"), 13, "before the window opened\n", {});
        CommandsWindow window(*ledger, &live);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.outputView()->toPlainText().contains(QStringLiteral("before the window opened")));
        live.output(QStringLiteral("claude"), 13, "second line\n", {});
        live.output(QStringLiteral("claude"), 13, {}, "to stderr\n");
        QVERIFY(window.outputView()->toPlainText().contains(QStringLiteral("second line")));
        QVERIFY(window.outputView()->toPlainText().contains(QStringLiteral("to stderr")));
        // Long output keeps its end in view.
        for (int i = 0; i < 300; ++i)
            live.output(QStringLiteral("claude"), 13, QByteArray("more ") + QByteArray::number(i) + '\n', {});
        QScrollBar *bar = window.outputView()->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(window.cancelButton()->isVisible());
        QSignalSpy cancel(&window, &CommandsWindow::cancelRequested);
        QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QVERIFY(!window.cancelButton()->isEnabled());
        // Output of another command does not leak into this one.
        live.output(QStringLiteral("codex"), 13, "other agent\n", {});
        QVERIFY(!window.outputView()->toPlainText().contains(QStringLiteral("other agent")));
    }

    void reloadKeepsTheSelection()
    {
        const qint64 first = LedgerFixture::finished(*ledger, 21, CommandState::Succeeded, "one\n");
        CommandsWindow window(*ledger, nullptr);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.selectRow(first);
        LedgerFixture::admit(*ledger, 22);
        window.reload();
        QCOMPARE(window.model()->rowCount(), 2);
        const QModelIndex current = window.table()->selectionModel()->currentIndex();
        QCOMPARE(window.model()->data(current, CommandsModel::RowIdRole).toLongLong(), first);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("Command 21")));
    }
};

QTEST_MAIN(TestCommandsWindow)
#include "tst_commandswindow.moc"
