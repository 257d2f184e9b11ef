// CommandsModel: rows newest first with their columns, states and exit texts; reload() keeps
// the rows' identity; a command this tray runs is marked as such.

#include "models/CommandsModel.h"
#include "models/LiveRuns.h"

#include "LedgerFixture.h"
#include "TestEnvironment.h"

#include <QSignalSpy>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;
using teamai::test::LedgerFixture;

class TestCommandsModel : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;
    std::unique_ptr<LedgerDatabase> database;
    std::unique_ptr<CommandLedger> ledger;

    static QString cell(const CommandsModel &model, int row, int column)
    {
        return model.data(model.index(row, column)).toString();
    }

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

    void rowsAndColumns()
    {
        LedgerFixture::finished(*ledger, 1, CommandState::Succeeded, "ok\n");
        QTest::qWait(5);
        LedgerFixture::finished(*ledger, 2, CommandState::Failed, {}, "boom\n", QStringLiteral("cmd failed: boom"));
        QTest::qWait(5);
        LedgerFixture::finished(*ledger, 3, CommandState::Rejected, {}, {}, QStringLiteral("remote cmd disabled by client"));
        QTest::qWait(5);
        LedgerFixture::admit(*ledger, 4, QStringLiteral("install_skill"), QStringLiteral("codex"));

        CommandsModel model(*ledger, nullptr);
        QVERIFY(model.reload());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(CommandsModel::ColumnCount));
        QCOMPARE(cell(model, 0, CommandsModel::Id), QStringLiteral("4"));  // newest first
        QCOMPARE(cell(model, 0, CommandsModel::Type), QStringLiteral("install_skill"));
        QCOMPARE(cell(model, 0, CommandsModel::Agent), QStringLiteral("codex"));
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("pending"));
        QCOMPARE(cell(model, 0, CommandsModel::Delivery), QString());
        QCOMPARE(cell(model, 1, CommandsModel::State), QStringLiteral("rejected"));
        QCOMPARE(cell(model, 1, CommandsModel::Delivery), QStringLiteral("not_delivered"));
        QCOMPARE(cell(model, 1, CommandsModel::Error), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(cell(model, 2, CommandsModel::State), QStringLiteral("failed"));
        QCOMPARE(cell(model, 2, CommandsModel::Exit), QStringLiteral("exit 3"));
        QCOMPARE(cell(model, 3, CommandsModel::State), QStringLiteral("succeeded"));
        QCOMPARE(cell(model, 3, CommandsModel::Delivery), QStringLiteral("delivered"));
        QVERIFY(!cell(model, 3, CommandsModel::Finished).isEmpty());
        QVERIFY(model.data(model.index(2, CommandsModel::State), Qt::ForegroundRole).isValid());
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
        ledger->complete(row, done);
        model.reload();
        QCOMPARE(reset.count(), 0);  // same rows: updated in place
        QCOMPARE(changed.count(), 1);
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("succeeded"));
        LedgerFixture::admit(*ledger, 8);
        model.reload();
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowOf(row), 1);
    }

    void runningHereOrElsewhere()
    {
        LedgerFixture::running(*ledger, 9);
        LiveRuns live;
        CommandsModel model(*ledger, &live);
        model.reload();
        QVERIFY(cell(model, 0, CommandsModel::State).startsWith(QStringLiteral("running (pid ")));
        QVERIFY(!model.data(model.index(0, 0), CommandsModel::RunHereRole).toBool());
        live.started(QStringLiteral("claude"), 9, 4242);
        QVERIFY(model.runsHere(0));
        QCOMPARE(cell(model, 0, CommandsModel::State), QStringLiteral("running here"));
        live.finished(QStringLiteral("claude"), 9);
        QVERIFY(!model.runsHere(0));
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
