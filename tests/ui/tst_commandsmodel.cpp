// CommandsModel: rows newest first with their columns, states and exit texts; reload() keeps
// the rows' identity; a command this tray runs is marked as such; filter by text and state, sort
// by id and time; rows read a page at a time while sorting and filtering see every row.
// CommandLabels: every state and delivery in people's words, the redacted command line, why a
// pending command waits.

#include "models/CommandLabels.h"
#include "models/CommandsModel.h"

#include "LedgerFixture.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QColor>
#include <QFont>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::LedgerFixture;

class TestCommandsModel : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    static QString cell(const CommandsModel &model, int row, int column)
    {
        return model.data(model.index(row, column)).toString();
    }

private slots:
    void rowsAndColumns()
    {
        // Newest first is received_at, then row_id: rows stored in the same millisecond keep
        // their order without waiting between them.
        LedgerFixture::finished(*ledger, 1, CommandState::Succeeded, "ok\n");
        LedgerFixture::finished(*ledger, 2, CommandState::Failed, {}, "boom\n", QStringLiteral("cmd failed: boom"));
        LedgerFixture::finished(*ledger, 3, CommandState::Rejected, {}, {}, QStringLiteral("remote cmd disabled by client"));
        LedgerFixture::admit(*ledger, 4, QStringLiteral("install_skill"), QStringLiteral("codex"));

        CommandsModel model(*ledger, nullptr);
        QVERIFY(model.reload());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(CommandsModel::ColumnCount));
        QCOMPARE(cell(model, 0, CommandsModel::Id), QStringLiteral("4"));  // newest first
        QCOMPARE(cell(model, 0, CommandsModel::Type), QStringLiteral("install_skill"));
        QCOMPARE(cell(model, 0, CommandsModel::Agent), QStringLiteral("codex"));
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("Waiting"));
        QCOMPARE(cell(model, 0, CommandsModel::Delivery), QString());
        QCOMPARE(cell(model, 1, CommandsModel::State), QStringLiteral("Refused"));
        QCOMPARE(cell(model, 1, CommandsModel::Delivery), QStringLiteral("Not run"));
        QCOMPARE(cell(model, 1, CommandsModel::Error), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(cell(model, 2, CommandsModel::State), QStringLiteral("Failed"));
        QCOMPARE(cell(model, 2, CommandsModel::Exit), QStringLiteral("exit 3"));
        QCOMPARE(cell(model, 3, CommandsModel::State), QStringLiteral("Succeeded"));
        QCOMPARE(cell(model, 3, CommandsModel::Delivery), QStringLiteral("Ran"));
        QVERIFY(!cell(model, 3, CommandsModel::Finished).isEmpty());
        // A failure stands out in bold, not in a colour of our own (dark themes).
        QVERIFY(model.data(model.index(2, CommandsModel::State), Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.data(model.index(3, CommandsModel::State), Qt::FontRole).isValid());
        QVERIFY(!model.data(model.index(2, CommandsModel::State), Qt::ForegroundRole).canConvert<QColor>());
        QCOMPARE(model.headerData(CommandsModel::Exit, Qt::Horizontal).toString(), QStringLiteral("Exit status"));
        // The table holds no output; details() reads it for one row.
        QVERIFY(model.commandAt(3).stdoutTail.isEmpty());
        QCOMPARE(model.details(3)->stdoutTail, QByteArray("ok\n"));
        QCOMPARE(model.details(2)->stderrTail, QByteArray("boom\n"));
    }

    void reloadKeepsIdentityAndSignalsChanges()
    {
        const qint64 row = LedgerFixture::running(*ledger, 7);
        CommandsModel model(*ledger, nullptr);
        model.reload();
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        CommandCompletion done;
        done.state = CommandState::Succeeded;
        QVERIFY(ledger->complete(row, done));
        model.reload();
        QCOMPARE(reset.count(), 0);  // same rows: updated in place
        QCOMPARE(changed.count(), 1);
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("Succeeded"));
        LedgerFixture::admit(*ledger, 8);
        model.reload();
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowOf(row), 1);
    }

    void runningHereOrElsewhere()
    {
        // Whose it is comes from the ledger's runner pid (the owner token is only the tool name).
        LedgerFixture::running(*ledger, 9, QStringLiteral("claude"), LedgerFixture::elsewhere());
        CommandsModel model(*ledger);
        model.reload();
        QVERIFY(cell(model, 0, CommandsModel::State).startsWith(QStringLiteral("Running (pid ")));
        QVERIFY(!model.data(model.index(0, 0), CommandsModel::RunHereRole).toBool());
        const qint64 ours = LedgerFixture::running(*ledger, 10);
        model.reload();
        QCOMPARE(model.rowOf(ours), 0);
        QVERIFY(model.runsHere(0));
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("Running here"));
        QCOMPARE(model.runningRow(), 0);  // ours first
        CommandCompletion done;
        done.state = CommandState::Succeeded;
        QVERIFY(ledger->complete(ours, done));
        model.reload();
        QVERIFY(!model.runsHere(0));
    }

    void everyStateAndDeliveryHasAHumanLabel()
    {
        const QList<CommandState> states = {CommandState::Pending, CommandState::Running, CommandState::Succeeded,
                                            CommandState::Failed, CommandState::Rejected, CommandState::Skipped,
                                            CommandState::Interrupted};
        QSet<QString> labels;
        for (const CommandState state : states) {
            const QString label = CommandLabels::state(state);
            QVERIFY2(!label.isEmpty() && label != stateName(state) && label != QStringLiteral("Unknown"), qPrintable(label));
            QVERIFY(label.at(0).isUpper());
            labels.insert(label);
        }
        QCOMPARE(labels.size(), states.size());
        QCOMPARE(CommandLabels::delivery(Delivery::NotDelivered), QStringLiteral("Not run"));
        for (const Delivery delivery : {Delivery::NotDelivered, Delivery::Delivered, Delivery::Unknown}) {
            QVERIFY(CommandLabels::delivery(delivery) != deliveryName(delivery));
            QVERIFY(!CommandLabels::delivery(delivery).contains(u'_'));
        }
    }

    void noEnumNameInTheTable()
    {
        LedgerFixture::admit(*ledger, 1);
        LedgerFixture::running(*ledger, 2);
        for (const CommandState state : {CommandState::Succeeded, CommandState::Failed, CommandState::Rejected})
            LedgerFixture::finished(*ledger, 10 + int(state), state);
        CommandsModel model(*ledger, nullptr);
        QVERIFY(model.reload());
        QCOMPARE(model.rowCount(), 5);
        const QStringList enumNames = {QStringLiteral("pending"), QStringLiteral("running"), QStringLiteral("succeeded"),
                                       QStringLiteral("failed"), QStringLiteral("rejected"), QStringLiteral("not_delivered"),
                                       QStringLiteral("delivered")};
        for (int row = 0; row < model.rowCount(); ++row) {
            for (const int column : {int(CommandsModel::State), int(CommandsModel::Delivery)})
                QVERIFY2(!enumNames.contains(cell(model, row, column)), qPrintable(cell(model, row, column)));
        }
    }

    void restrictedCommandLineIsRedacted()
    {
        LedgerCommand c;
        c.type = QStringLiteral("cmd");
        c.rawJson = QStringLiteral(R"({"id":5,"type":"cmd","cmd":"teamai history --token sk-live-abcdef123456 --limit 3"})");
        const QString line = CommandLabels::commandLine(c);
        QVERIFY2(line.startsWith(QStringLiteral("teamai history --token ")), qPrintable(line));
        QVERIFY2(!line.contains(QStringLiteral("abcdef123456")), qPrintable(line));
        QVERIFY(line.contains(QStringLiteral("***")));
        c.type = QStringLiteral("install_skill");
        c.rawJson = QStringLiteral(R"({"id":6,"type":"install_skill","name":"x"})");
        QCOMPARE(CommandLabels::commandLine(c), QString());
    }

    void pendingReasons()
    {
        LedgerCommand c;
        c.commandId = 7;
        c.type = QStringLiteral("cmd");
        c.rawJson = QStringLiteral(R"({"id":7,"type":"cmd","cmd":"teamai status"})");
        PendingContext context;
        QCOMPARE(pendingReason(c, context), QStringLiteral("Waiting for the next sync."));
        context.nextSync = QDateTime(QDate(2026, 1, 2), QTime(14, 30));
        QVERIFY(pendingReason(c, context).startsWith(QStringLiteral("Waiting for the next sync, at ")));
        context.runningCommandId = 6;
        QVERIFY(pendingReason(c, context).startsWith(QStringLiteral("Queued behind command 6, which is running now")));
        context.remoteCommandsAllowed = false;
        QVERIFY(pendingReason(c, context).startsWith(QStringLiteral("Blocked by your setting")));
        // A skill install is not a remote command: the kill switch does not hold it.
        c.type = QStringLiteral("install_skill");
        c.rawJson = QStringLiteral(R"({"id":7,"type":"install_skill","name":"x"})");
        QVERIFY(pendingReason(c, context).startsWith(QStringLiteral("Queued behind command 6")));
    }

    void filterAndSort()
    {
        LedgerFixture::finished(*ledger, 31, CommandState::Succeeded);
        LedgerFixture::finished(*ledger, 5, CommandState::Failed, {}, {}, QStringLiteral("disk full"));
        LedgerFixture::admit(*ledger, 200, QStringLiteral("install_skill"), QStringLiteral("codex"));
        CommandsModel model(*ledger, nullptr);
        QVERIFY(model.reload());
        model.sort(CommandsModel::Id, Qt::AscendingOrder);
        const auto ids = [&model] {
            QStringList out;
            for (int row = 0; row < model.rowCount(); ++row)
                out << model.index(row, CommandsModel::Id).data().toString();
            return out.join(u',');
        };
        QCOMPARE(ids(), QStringLiteral("5,31,200"));  // as numbers, not as text ("200" < "31")
        model.sort(CommandsModel::Id, Qt::DescendingOrder);
        QCOMPARE(ids(), QStringLiteral("200,31,5"));
        model.setStateFilter(QStringLiteral("failed"));
        QCOMPARE(ids(), QStringLiteral("5"));
        model.setStateFilter(QString());
        model.setTextFilter(QStringLiteral("CODEX"));
        QCOMPARE(ids(), QStringLiteral("200"));
        model.setTextFilter(QStringLiteral("disk"));
        QCOMPARE(ids(), QStringLiteral("5"));
        model.setTextFilter(QStringLiteral("teamai STATUS"));  // the restricted commands' command line
        QCOMPARE(ids(), QStringLiteral("31,5"));
        model.setTextFilter(QString());
        QCOMPARE(model.rowCount(), 3);
    }

    void sortsByTheWordsShown()
    {
        // State and Delivery sort by their labels, as the table shows them (not by the ledger's names).
        LedgerFixture::finished(*ledger, 1, CommandState::Succeeded);
        LedgerFixture::finished(*ledger, 2, CommandState::Rejected);
        LedgerFixture::admit(*ledger, 3);
        LedgerFixture::finished(*ledger, 4, CommandState::Failed);
        CommandsModel model(*ledger, nullptr);
        QVERIFY(model.reload());
        model.sort(CommandsModel::State, Qt::AscendingOrder);
        QStringList states;
        for (int row = 0; row < model.rowCount(); ++row)
            states << cell(model, row, CommandsModel::State);
        QCOMPARE(states.join(u','), QStringLiteral("Failed,Refused,Succeeded,Waiting"));
        model.sort(CommandsModel::Delivery, Qt::DescendingOrder);
        QStringList deliveries;
        for (int row = 0; row < model.rowCount(); ++row)
            deliveries << cell(model, row, CommandsModel::Delivery);
        QCOMPARE(deliveries.join(u','), QStringLiteral("Ran,Ran,Not run,"));  // a waiting command has none yet
    }

    void readsAPageAtATimeWhileSortingAndFilteringSeeEveryRow()
    {
        // Issue 19 item 5: thousands of commands are read a page at a time as the view scrolls,
        // and sorting and filtering still cover the rows not read yet.
        const int total = 3 * CommandsModel::kPageSize + 57;
        const qint64 oldest = LedgerFixture::finished(*ledger, 1, CommandState::Failed, {}, {}, QStringLiteral("disk full"));
        QList<Command> commands;
        for (int id = 2; id <= total; ++id)
            commands << Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("install_skill")}});
        QCOMPARE(ledger->admitAll(commands, QStringLiteral("claude"), QStringLiteral("agent-id")).admitted.size(), total - 1);

        CommandsModel model(*ledger, nullptr);
        QCOMPARE(model.rowCount(), 0);  // nothing is read before reload()
        QVERIFY(model.reload());
        QCOMPARE(model.rowCount(), CommandsModel::kPageSize);
        QCOMPARE(model.rowsRead(), CommandsModel::kPageSize);
        QVERIFY(model.canFetchMore({}));
        QCOMPARE(model.rowOf(oldest), -1);  // not read yet
        model.fetchMore({});
        QCOMPARE(model.rowCount(), 2 * CommandsModel::kPageSize);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QVERIFY(model.reload());  // reads again what is shown, no more
        QCOMPARE(model.rowCount(), 2 * CommandsModel::kPageSize);
        QCOMPARE(reset.count(), 0);
        while (model.canFetchMore({}))
            model.fetchMore({});
        QCOMPARE(model.rowCount(), total);
        QCOMPARE(model.rowOf(oldest), total - 1);

        // Sorting reads the first page of the new order, whichever rows were read before.
        model.releaseRows();
        QCOMPARE(model.rowCount(), CommandsModel::kPageSize);
        model.sort(CommandsModel::Id, Qt::AscendingOrder);
        QCOMPARE(model.rowCount(), CommandsModel::kPageSize);
        QCOMPARE(model.commandAt(0).commandId, 1);
        model.sort(CommandsModel::Id, Qt::DescendingOrder);
        QCOMPARE(model.commandAt(0).commandId, total);
        model.sort(CommandsModel::Received, Qt::DescendingOrder);
        QVERIFY(model.canFetchMore({}));

        // The state filter is the query's; the text filter reads on to the end to find its match.
        model.setStateFilter(stateName(CommandState::Failed));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.commandAt(0).rowId, oldest);
        QVERIFY(!model.canFetchMore({}));
        model.setStateFilter(QString());
        const qint64 readBefore = model.rowsRead();
        model.setTextFilter(QStringLiteral("DISK FULL"));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.commandAt(0).rowId, oldest);
        QCOMPARE(model.rowsRead() - readBefore, total);
        model.setTextFilter(QString());
        QCOMPARE(model.rowCount(), CommandsModel::kPageSize);

        // A view asks for the next page when it is scrolled to the end.
        QTableView view;
        view.setModel(&model);
        view.resize(600, 300);
        QVERIFY(teamai::test::showAndWait(view));
        view.scrollToBottom();
        QTRY_VERIFY(model.rowCount() > CommandsModel::kPageSize);
        QVERIFY(model.rowCount() < total);
    }

    void exitTexts()
    {
        LedgerCommand c;
        QCOMPARE(CommandsModel::exitText(c), QString());
        c.signal = 9;
        c.timedOut = true;
        QCOMPARE(CommandsModel::exitText(c), QStringLiteral("timed out, exit 137 (signal 9)"));
        c = {};
        c.cancelled = true;
        c.signal = 15;
        QCOMPARE(CommandsModel::exitText(c), QStringLiteral("cancelled, exit 143 (signal 15)"));
        c.exitCode = 143;  // as the ledger stores it now: the shell-style status with the signal
        QCOMPARE(CommandsModel::exitText(c), QStringLiteral("cancelled, exit 143 (signal 15)"));
    }
};

QTEST_MAIN(TestCommandsModel)
#include "tst_commandsmodel.moc"
