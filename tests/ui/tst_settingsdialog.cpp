// SettingsDialog: shows the saved values but never the token, refuses invalid input next to the
// field, tests the connection, saves interval and agents (installing hooks of new ones through
// `teamai init`), and moves to a new endpoint keeping the token and the ledger.

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenStore.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "windows/SettingsDialog.h"

#include "DevServerProcess.h"
#include "LedgerFixture.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

class TestSettingsDialog : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;
    std::unique_ptr<test::DevServerProcess> server;

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        server = std::make_unique<test::DevServerProcess>();
        QVERIFY(server->isRunning());
        const test::TeamaiRun run = test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server->baseUrl(),
                                                     QStringLiteral("--token"), QStringLiteral("dev-token"),
                                                     QStringLiteral("--token-store"), QStringLiteral("file")});
        QCOMPARE(run.exitCode, 0);
    }
    void cleanup()
    {
        server.reset();
        env.reset();
    }

    void showsSavedValuesButNeverTheToken()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QCOMPARE(dialog.endpointField()->text(), server->baseUrl());
        QVERIFY(dialog.tokenField()->text().isEmpty());
        QCOMPARE(dialog.tokenField()->echoMode(), QLineEdit::Password);
        QCOMPARE(dialog.intervalField()->value(), AgentSettings::kDefaultSyncIntervalMinutes);
        QVERIFY(dialog.logLink()->text().contains(QStringLiteral("/logs")));
        for (QLabel *label : dialog.findChildren<QLabel *>())
            QVERIFY(!label->text().contains(QStringLiteral("dev-token")));
    }

    void invalidInputIsRefusedNextToTheField()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.endpointField()->setText(QStringLiteral("ftp://nope"));
        dialog.tokenField()->setText(QStringLiteral("has space"));
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        dialog.save();
        QVERIFY(dialog.endpointError()->isVisible());
        QVERIFY(!dialog.endpointError()->text().isEmpty());
        QVERIFY(dialog.tokenError()->isVisible());
        QVERIFY(dialog.agentsError()->isVisible());  // none chosen yet
        QVERIFY(dialog.isVisible());
        QTest::qWait(200);
        QCOMPARE(applied.count(), 0);
        QCOMPARE(AgentConfig::load().config.endpoint(), server->baseUrl());  // nothing written
    }

    void testConnection()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QSignalSpy tested(&dialog, &SettingsDialog::testFinished);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);  // the saved token
        QVERIFY(tested.wait(10000));
        QVERIFY2(tested.at(0).at(0).toBool(), qPrintable(tested.at(0).at(1).toString()));
        QVERIFY(dialog.testResult()->text().contains(QStringLiteral("accepted")));
        dialog.tokenField()->setText(QStringLiteral("wrong-token"));
        dialog.testConnection();
        QVERIFY(tested.wait(10000));
        QVERIFY(!tested.at(1).at(0).toBool());
        QVERIFY(dialog.testResult()->text().contains(QStringLiteral("rejected the token")));
    }

    void savesIntervalAndAgentsAndInstallsHooks()
    {
        QDir().mkpath(env->home() + QStringLiteral("/.claude"));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.intervalField()->setValue(12);
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.save();
        QVERIFY(accepted.wait(20000));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(0).toBool(), false);
        QCOMPARE(applied.at(0).at(1).toInt(), 12);
        const AgentSettings settings = AgentSettings::load().settings;
        QCOMPARE(settings.syncIntervalMinutes(), 12);
        QCOMPARE(settings.enabledAgents(), QStringList{QStringLiteral("claude")});
        // init installed claude's hooks (the CLI's job; the dialog only ran it).
        QVERIFY(env->readFile(QStringLiteral(".claude/settings.json")).contains("hook-dispatch"));
    }

    void aNewEndpointKeepsTokenAndLedger()
    {
        {
            LedgerDatabase database;
            QVERIFY(database.open());
            CommandLedger ledger(database);
            test::LedgerFixture::finished(ledger, 5, CommandState::Succeeded, "kept\n");
        }
        test::DevServerProcess other;
        QVERIFY(other.isRunning());
        AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }, nullptr);
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(dialog.agentBox(QStringLiteral("codex"))->isChecked());
        dialog.endpointField()->setText(other.baseUrl() + QStringLiteral("/"));
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.save();
        QVERIFY(accepted.wait(20000));
        QCOMPARE(applied.at(0).at(0).toBool(), true);
        QCOMPARE(AgentConfig::load().config.endpoint(), other.baseUrl());
        QCOMPARE(TokenStore::load(other.baseUrl()).token, QStringLiteral("dev-token"));
        LedgerDatabase database;
        QVERIFY(database.open());
        CommandLedger ledger(database);
        QCOMPARE(ledger.history({}).size(), 1);
        QCOMPARE(ledger.history({}).at(0).commandId, 5);
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
