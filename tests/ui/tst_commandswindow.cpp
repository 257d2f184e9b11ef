// CommandsWindow: details of the selected command, live output from the command's output files
// (issue 17: whichever process runs it, with a marker where output is no longer kept) and cancel
// for a command run here, tails and spill files for a finished one, and that a ledger change
// shows after reload(). Issue 16 item 5: human labels, the redacted command
// line, why a pending command waits, the filter and sorting, the running command selected.

#include "models/CommandsModel.h"
#include "models/OutputFollower.h"
#include "output/CommandOutput.h"
#include "windows/CommandsWindow.h"

#include "LedgerFixture.h"
#include "commands/Command.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QComboBox>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::LedgerFixture;

class TestCommandsWindow : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    static std::unique_ptr<output::OutputWriter> writerFor(const QString &tool, qint64 id, qint64 windowBytes = 1 << 20)
    {
        auto created = output::OutputWriter::create({tool, id}, windowBytes);
        if (!created) {
            qWarning() << "cannot create the output folder:" << created.error();
            return nullptr;
        }
        return std::move(created).value();
    }

    static QString shown(CommandsWindow &window) { return window.outputView()->toPlainText(); }

private slots:
    void emptyLedger()
    {
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        QCOMPARE(window.model()->rowCount(), 0);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("No commands yet")));
    }

    void finishedCommandShowsTailsAndSpill()
    {
        const QString spill = env->writeFile(QStringLiteral("spill.out"), "whole output");
        LedgerFixture::finished(*ledger, 11, CommandState::Failed, "partial tail\n", "it broke\n",
                                QStringLiteral("cmd failed: it broke"), spill);
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
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
            openOut = openOut || (button->text() == QStringLiteral("Open full &stdout") && button->isVisible());
        QVERIFY(openOut);
        QVERIFY(!window.cancelButton()->isVisible());
    }

    // Issue 17: a command run by another process (a `teamai worker`, a hook) is followed through
    // its output files while the window is visible; hidden, nothing is read; finished, it stops.
    void runningElsewhereIsFollowedFromItsOutputFiles()
    {
        LedgerFixture::running(*ledger, 12, QStringLiteral("claude"), LedgerFixture::elsewhere());
        const auto writer = writerFor(QStringLiteral("claude"), 12);
        QVERIFY(writer);
        writer->append(output::Stream::Out, "before the window opened\n");
        CommandsWindow window(*ledger);
        QVERIFY(!window.follower()->isPolling());  // not shown yet
        QVERIFY(teamai::test::showAndWait(window));
        QVERIFY2(noteText(window).contains(QStringLiteral("Running in another agent process")), qPrintable(noteText(window)));
        QVERIFY(!window.cancelButton()->isVisible());  // not ours to cancel
        QCOMPARE(shown(window), QStringLiteral("before the window opened\n"));
        QVERIFY(window.follower()->isPolling());
        writer->append(output::Stream::Out, "second line\n");
        writer->append(output::Stream::Err, "to stderr\n");
        QTRY_VERIFY(shown(window).contains(QStringLiteral("second line\n")) && shown(window).contains(QStringLiteral("to stderr\n")));
        QVERIFY(!shown(window).contains(CommandsWindow::lossyMarker()));
        // Hidden: no timer; shown again, what came meanwhile is read at once.
        window.hide();
        QVERIFY(!window.follower()->isPolling());
        writer->append(output::Stream::Out, "while hidden\n");
        window.show();
        QVERIFY(shown(window).contains(QStringLiteral("while hidden\n")));
        // A hole the writer left (bytes lost before they reached it) is marked where it is.
        writer->skip(output::Stream::Out, 100);
        writer->append(output::Stream::Out, "after the gap\n");
        QTRY_VERIFY(shown(window).contains(QStringLiteral("after the gap")));
        QVERIFY2(shown(window).contains(CommandsWindow::lossyMarker() + QStringLiteral("\nafter the gap\n")), qPrintable(shown(window)));
        // Finished: read to the end, then no more polling (the ledger's record follows).
        writer->append(output::Stream::Out, "last words\n");
        writer->finish(0, {}, {});
        QTRY_VERIFY(window.follower()->isComplete());
        QVERIFY(shown(window).endsWith(QStringLiteral("last words\n")));
        QVERIFY(!window.follower()->isPolling());
    }

    // More than the kept window was printed while nobody read: the oldest output is gone, and
    // the view says so instead of silently joining the ends.
    void outputBeyondTheWindowShowsTheLossyMarker()
    {
        LedgerFixture::running(*ledger, 15, QStringLiteral("codex"), LedgerFixture::elsewhere());
        const qint64 window = 64 * 1024;
        const auto writer = writerFor(QStringLiteral("codex"), 15, window);
        QVERIFY(writer);
        writer->append(output::Stream::Out, "the very first line\n");
        CommandsWindow commands(*ledger);
        QVERIFY(teamai::test::showAndWait(commands));
        QCOMPARE(shown(commands), QStringLiteral("the very first line\n"));
        commands.hide();
        const QByteArray line = QByteArray(99, 'x') + '\n';
        for (qint64 written = 0; written < 8 * window; written += line.size())
            writer->append(output::Stream::Out, line);
        writer->append(output::Stream::Out, "the newest line\n");
        commands.show();
        QTRY_VERIFY(shown(commands).endsWith(QStringLiteral("the newest line\n")));
        const QString text = shown(commands);
        QVERIFY2(text.startsWith(QStringLiteral("the very first line\n") + CommandsWindow::lossyMarker() + u'\n'), qPrintable(text.left(200)));
        QCOMPARE(text.count(CommandsWindow::lossyMarker()), 1);
        // Not more than the window came back: what was dropped stays dropped.
        QVERIFY(text.size() <= window + 200);
    }

    void runningHereShowsLiveOutputAndCancels()
    {
        LedgerFixture::running(*ledger, 13);  // claimed by this process: the tray runs it
        const auto writer = writerFor(QStringLiteral("claude"), 13);
        QVERIFY(writer);
        writer->append(output::Stream::Out, "before the window opened\n");
        CommandsWindow window(*ledger);
        QVERIFY(teamai::test::showAndWait(window));
        QVERIFY2(noteText(window).contains(QStringLiteral("Running here")), qPrintable(noteText(window)));
        QVERIFY(shown(window).contains(QStringLiteral("before the window opened")));
        // Long output keeps its end in view.
        for (int i = 0; i < 300; ++i)
            writer->append(output::Stream::Out, QByteArray(QByteArray("more ") + QByteArray::number(i) + '\n'));
        window.follower()->poll();
        QVERIFY(shown(window).contains(QStringLiteral("more 299\n")));
        QScrollBar *bar = window.outputView()->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(window.cancelButton()->isVisible());
        QSignalSpy cancel(&window, &CommandsWindow::cancelRequested);
        QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QVERIFY(!window.cancelButton()->isEnabled());
        // Output of another agent's command with the same id does not leak into this one.
        const auto other = writerFor(QStringLiteral("codex"), 13);
        QVERIFY(other);
        other->append(output::Stream::Out, "other agent\n");
        window.follower()->poll();
        QVERIFY(!shown(window).contains(QStringLiteral("other agent")));
    }

    // Idle: with nothing running selected there is no timer at all.
    void aFinishedSelectionHasNoTimer()
    {
        LedgerFixture::finished(*ledger, 16, CommandState::Succeeded, "done\n");
        CommandsWindow window(*ledger);
        QVERIFY(teamai::test::showAndWait(window));
        QVERIFY(!window.follower()->isFollowing());
        QVERIFY(!window.follower()->isPolling());
    }

    QString noteText(CommandsWindow &window)
    {
        QStringList texts;
        for (QLabel *label : window.findChildren<QLabel *>())
            texts << label->text();
        return texts.join(u'\n');
    }

    qint64 admitCmd(qint64 id, const QString &cmd)
    {
        const Command command = Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("cmd")},
                                                              {QStringLiteral("cmd"), cmd}});
        return ledger->admit(command, QStringLiteral("claude"), QStringLiteral("agent-id")).row.rowId;
    }

    void humanLabelsAndRedactedCommandLine()
    {
        const qint64 row = admitCmd(41, QStringLiteral("teamai history --token tok-9f8e7d6c5b4a --limit 2"));
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        window.selectRow(row);
        const QString details = window.detailsLabel()->text();
        QVERIFY2(details.contains(QStringLiteral("Command line: <code>teamai history --token ***")), qPrintable(details));
        QVERIFY(!details.contains(QStringLiteral("9f8e7d6c5b4a")));
        QVERIFY(details.contains(QStringLiteral("State: Waiting")));
        QVERIFY(!details.contains(QStringLiteral("pending")));
        QCOMPARE(window.table()->model()->index(0, CommandsModel::State).data().toString(), QStringLiteral("Waiting"));

        const qint64 rejected = LedgerFixture::finished(*ledger, 42, CommandState::Rejected, {}, {}, QStringLiteral("remote cmd disabled by client"));
        window.reload();
        window.selectRow(rejected);
        const QString refused = window.detailsLabel()->text();
        QVERIFY2(refused.contains(QStringLiteral("State: Refused")) && refused.contains(QStringLiteral("Delivery: Not run")),
                 qPrintable(refused));
        QVERIFY(!refused.contains(QStringLiteral("not_delivered")));
    }

    void pendingSaysWhyAndWhen()
    {
        const qint64 row = admitCmd(51, QStringLiteral("teamai status"));
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        window.selectRow(row);
        QVERIFY2(noteText(window).contains(QStringLiteral("Waiting for the next sync.")), qPrintable(noteText(window)));
        window.setNextSync(QDateTime::currentDateTime().addSecs(60));
        QVERIFY(noteText(window).contains(QStringLiteral("Waiting for the next sync, at ")));

        LedgerFixture::running(*ledger, 52);
        window.reload();
        window.selectRow(row);
        QVERIFY2(noteText(window).contains(QStringLiteral("Queued behind command 52, which is running now")), qPrintable(noteText(window)));

        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        window.selectRow(window.model()->commandAt(window.model()->runningRow()).rowId);
        window.selectRow(row);
        const QString blocked = noteText(window);
        qunsetenv("TEAMAI_DISABLE_REMOTE_CMD");
        QVERIFY2(blocked.contains(QStringLiteral("Blocked by your setting")), qPrintable(blocked));
    }

    // Issue 17: when the worker starts a run (SyncWorker::commandStarted → runStarted()), the
    // window shows it even when the user had picked another row; a plain reload keeps the pick.
    void aNewRunIsSelectedButAReloadKeepsTheUsersChoice()
    {
        LedgerFixture::finished(*ledger, 61, CommandState::Succeeded);
        LedgerFixture::finished(*ledger, 62, CommandState::Failed);
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        const auto currentId = [&] { return window.detailsLabel()->text(); };
        // The user picks command 61 (the newest, 62, is selected at first).
        QVERIFY2(currentId().contains(QStringLiteral("Command 62")), qPrintable(currentId()));
        const QModelIndex below = window.table()->model()->index(window.table()->currentIndex().row() + 1, 0);
        window.table()->selectionModel()->setCurrentIndex(below, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY2(currentId().contains(QStringLiteral("Command 61")), qPrintable(currentId()));

        LedgerFixture::running(*ledger, 63);
        window.reload();  // a ledger change alone: the user's pick stays
        QVERIFY2(currentId().contains(QStringLiteral("Command 61")), qPrintable(currentId()));
        window.runStarted();  // the worker started 63: show it
        QVERIFY2(currentId().contains(QStringLiteral("Command 63")), qPrintable(currentId()));
    }

    void filterAndSort()
    {
        LedgerFixture::finished(*ledger, 9, CommandState::Succeeded);
        LedgerFixture::finished(*ledger, 300, CommandState::Failed, {}, {}, QStringLiteral("cmd failed: no space left"));
        LedgerFixture::admit(*ledger, 40, QStringLiteral("install_skill"), QStringLiteral("codex"));
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        QAbstractItemModel *shown = window.table()->model();
        QCOMPARE(shown->rowCount(), 3);
        window.table()->sortByColumn(CommandsModel::Id, Qt::AscendingOrder);
        QCOMPARE(shown->index(0, CommandsModel::Id).data().toString(), QStringLiteral("9"));
        QCOMPARE(shown->index(2, CommandsModel::Id).data().toString(), QStringLiteral("300"));
        window.table()->sortByColumn(CommandsModel::Id, Qt::DescendingOrder);
        QCOMPARE(shown->index(0, CommandsModel::Id).data().toString(), QStringLiteral("300"));

        window.stateFilter()->setCurrentIndex(window.stateFilter()->findData(QStringLiteral("failed")));
        QCOMPARE(shown->rowCount(), 1);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("Command 300")));  // the selection follows
        window.stateFilter()->setCurrentIndex(0);
        QTest::keyClicks(window.filterField(), QStringLiteral("codex"));
        QCOMPARE(shown->rowCount(), 1);
        QCOMPARE(shown->index(0, CommandsModel::Id).data().toString(), QStringLiteral("40"));
        window.filterField()->setText(QStringLiteral("nothing matches this"));
        QCOMPARE(shown->rowCount(), 0);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("No command matches the filter.")));
    }

    void theRunningCommandIsSelected()
    {
        LedgerFixture::finished(*ledger, 61, CommandState::Succeeded);
        const qint64 running = LedgerFixture::running(*ledger, 62);
        LedgerFixture::admit(*ledger, 63);  // newer, on top
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        const QModelIndex current = window.table()->selectionModel()->currentIndex();
        QCOMPARE(current.data(CommandsModel::RowIdRole).toLongLong(), running);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("Command 62")));
        // A row the user picks stays picked across reloads.
        QTest::mouseClick(window.table()->viewport(), Qt::LeftButton, {}, window.table()->visualRect(window.table()->model()->index(0, 0)).center());
        const qint64 picked = window.table()->selectionModel()->currentIndex().data(CommandsModel::RowIdRole).toLongLong();
        QVERIFY(picked != running);
        window.reload();
        QCOMPARE(window.table()->selectionModel()->currentIndex().data(CommandsModel::RowIdRole).toLongLong(), picked);
    }

    void reloadKeepsTheSelection()
    {
        const qint64 first = LedgerFixture::finished(*ledger, 21, CommandState::Succeeded, "one\n");
        CommandsWindow window(*ledger, nullptr);
        QVERIFY(teamai::test::showAndWait(window));
        window.selectRow(first);
        LedgerFixture::admit(*ledger, 22);
        window.reload();
        QCOMPARE(window.model()->rowCount(), 2);
        const QModelIndex current = window.table()->selectionModel()->currentIndex();
        QCOMPARE(current.data(CommandsModel::RowIdRole).toLongLong(), first);
        QVERIFY(window.detailsLabel()->text().contains(QStringLiteral("Command 21")));
    }
};

QTEST_MAIN(TestCommandsWindow)
#include "tst_commandswindow.moc"
