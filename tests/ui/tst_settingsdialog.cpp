// SettingsDialog: shows the saved values but never the token, refuses invalid input next to the
// field, tests the connection, saves interval and agents (installing their hooks through core
// Enrollment, as `teamai init` does), and moves to a new endpoint keeping the token and the ledger. Issue 16: Test
// connection sends the token saved in the credential store, and after a save the dialog says
// where the token went (the credential store, or a plain file with a warning and what to install).
// Issue 17: registering TeamAI's MCP server with the agents (ours only: a user's own `teamai`
// entry stays) and letting each agent see the other agents' commands.
// Run twice by ctest: with an in-memory credential store, and (tst_settingsdialog_keychain)
// against a real Secret Service through with-keyring.sh.

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"
#include "store/CommandLedger.h"
#include "tools/ToolTable.h"
#include "store/LedgerDatabase.h"
#include "windows/ConnectionFields.h"
#include "windows/SettingsDialog.h"
#include "windows/StatusColours.h"

#include "DevServerProcess.h"
#include "FakeKeychain.h"
#include "LedgerFixture.h"
#include "TeamaiRunner.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include <algorithm>

using namespace teamai;
using namespace teamai::ui;

class TestSettingsDialog : public teamai::test::ServerTestCase
{
    Q_OBJECT
private:
    std::unique_ptr<test::FakeKeychain> fakeKeychain;
    QByteArray realBus;  // with-keyring.sh's private session bus, when run through it

    QJsonObject claudeServers() const
    {
        return QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude.json"))).object().value(QStringLiteral("mcpServers")).toObject();
    }
    QString registrationRecord() const { return env->home() + QStringLiteral("/.teamai/local-agent/mcp-registration.json"); }

    /// A credential store for the test: the real one with-keyring.sh started, else one in memory.
    void useACredentialStore()
    {
        if (!realBus.isEmpty())
            qputenv("DBUS_SESSION_BUS_ADDRESS", realBus);
        else
            fakeKeychain = std::make_unique<test::FakeKeychain>();
    }

    bool saveInDialog(SettingsDialog &dialog, const QString &token)
    {
        dialog.connection()->token()->setText(token);
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        dialog.save();
        return applied.wait(20000);
    }

private slots:
    void initTestCase()
    {
        if (!qEnvironmentVariableIsEmpty("TEAMAI_KEYRING_WRAPPED"))
            realBus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    }

    void cleanup()
    {
        if (AgentSettings::load().settings.tokenLocation() == AgentSettings::TokenLocation::Keychain)
            (void)TokenStore::remove(server->baseUrl());  // leave no entry in a real keyring
        fakeKeychain.reset();
        ServerTestCase::cleanup();
    }

    // Issue 16: a typed token saved in the credential store; Test connection (twice: the second
    // call timed out before, the first job's thread having ended) sends it and is accepted.
    void testConnectionSendsTheKeychainToken()
    {
        useACredentialStore();
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(saveInDialog(dialog, QStringLiteral("dev-token")));
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), AgentSettings::TokenLocation::Keychain);
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(dialog.connection()->token()->text().isEmpty());
        QSignalSpy tested(&dialog, &SettingsDialog::testFinished);
        for (int i = 0; i < 2; ++i) {
            dialog.testConnection();
            QVERIFY(tested.wait(15000));
            QVERIFY2(tested.at(i).at(0).toBool(), qPrintable(tested.at(i).at(1).toString()));
        }
        const QJsonArray checks = server->requests(QStringLiteral("getConfig"));
        QCOMPARE(checks.last().toObject().value(QStringLiteral("authorization")).toString(), QStringLiteral("Bearer dev-token"));
    }

    void theDialogSaysTheTokenIsInTheCredentialStore()
    {
        useACredentialStore();
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        QVERIFY(saveInDialog(dialog, QStringLiteral("new-token")));
        QVERIFY(dialog.isVisible());  // open, to say where the token went
        QVERIFY(dialog.tokenSaved()->isVisible());
        QCOMPARE(dialog.tokenSaved()->text(), QStringLiteral("The token is saved in the system credential store."));
        QVERIFY(!dialog.tokenSavedIsWarning());
        QCOMPARE(TokenSource::current(server->baseUrl()).token, QStringLiteral("new-token"));
        QCOMPARE(TokenSource::current(server->baseUrl()).source, QStringLiteral("keychain"));
    }

    void withoutACredentialStoreTheDialogWarnsAndSaysWhatToInstall()
    {
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }));
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");  // no Secret Service to be found
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        QVERIFY(saveInDialog(dialog, QStringLiteral("new-token")));
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.tokenSavedIsWarning());
        const QString text = dialog.tokenSaved()->text();
        QVERIFY2(text.contains(TokenStore::tokenFilePath()), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("no system credential store answered")));
        QVERIFY(text.contains(QStringLiteral("D-Bus")));  // why: the store's own reason
        QVERIFY(text.contains(QStringLiteral("gnome-keyring")));
        QCOMPARE(TokenSource::current(server->baseUrl()).source, QStringLiteral("file"));
        // Esc closes it.
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        QTest::keyClick(&dialog, Qt::Key_Escape);
        QCOMPARE(rejected.count(), 1);
    }

    void showsSavedValuesButNeverTheToken()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QCOMPARE(dialog.connection()->endpoint()->text(), server->baseUrl());
        QVERIFY(dialog.connection()->token()->text().isEmpty());
        QCOMPARE(dialog.connection()->token()->echoMode(), QLineEdit::Password);
        QCOMPARE(dialog.intervalField()->value(), AgentSettings::kDefaultSyncIntervalMinutes);
        QVERIFY(dialog.logLink()->text().contains(QStringLiteral("/logs")));
        for (QLabel *label : dialog.findChildren<QLabel *>())
            QVERIFY(!label->text().contains(QStringLiteral("dev-token")));
    }

    void invalidInputIsRefusedNextToTheField()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        dialog.connection()->endpoint()->setText(QStringLiteral("ftp://nope"));
        dialog.connection()->token()->setText(QStringLiteral("has space"));
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        dialog.save();
        QVERIFY(dialog.connection()->endpointError()->isVisible());
        QVERIFY(!dialog.connection()->endpointError()->text().isEmpty());
        QVERIFY(dialog.connection()->tokenError()->isVisible());
        QVERIFY(dialog.agentsError()->isVisible());  // none chosen yet
        QVERIFY(dialog.isVisible());
        // Refused before anything started: saving would have disabled the buttons (setBusy), so
        // no background save is left to apply later.
        QVERIFY(dialog.testButton()->isEnabled());
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
        // Said in the theme's own contrast (StatusColours), not by a fixed colour.
        QCOMPARE(dialog.testResult()->palette().color(QPalette::WindowText), successColour(dialog.palette()));
        dialog.connection()->token()->setText(QStringLiteral("wrong-token"));
        dialog.testConnection();
        QVERIFY(tested.wait(10000));
        QVERIFY(!tested.at(1).at(0).toBool());
        QVERIFY(dialog.testResult()->text().contains(QStringLiteral("rejected the token")));
        QCOMPARE(dialog.testResult()->palette().color(QPalette::WindowText), errorColour(dialog.palette()));
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
        // Enrollment installed claude's hooks, as `teamai init` does.
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
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(dialog.agentBox(QStringLiteral("codex"))->isChecked());
        dialog.connection()->endpoint()->setText(other.baseUrl() + QStringLiteral("/"));
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
        QCOMPARE(ledger.history({}).valueOr({}).size(), 1);
        QCOMPARE(ledger.history({}).valueOr({}).at(0).commandId, 5);
    }

    // Checked: `teamai mcp` in claude's configuration and in our record; codex's own `teamai`
    // entry (the user's) is left alone and the dialog says so. Unchecked: ours goes, theirs stays.
    void theMcpCheckboxRegistersAndRemovesOnlyOurs()
    {
        const QByteArray usersCodex = "[mcp_servers.teamai]\ncommand = \"/opt/my/teamai\"\n";
        env->writeFile(QStringLiteral(".codex/config.toml"), usersCodex);
        env->writeFile(QStringLiteral(".claude.json"), R"({"mcpServers": {"mine": {"command": "my-server"}}})");
        QDir().mkpath(env->home() + QStringLiteral("/.claude"));
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("claude"), QStringLiteral("codex")}); }));
        const QString teamai = test::builtBinary("TEAMAI_BIN");
        {
            SettingsDialog dialog(teamai);
            QVERIFY(!dialog.mcpBox()->isChecked());  // nothing recorded
            dialog.mcpBox()->setChecked(true);
            QSignalSpy applied(&dialog, &SettingsDialog::applied);
            dialog.save();
            QVERIFY(applied.wait(20000));
            QVERIFY(!dialog.mcpError()->isHidden());  // stays open to say why codex was skipped
            QVERIFY2(dialog.mcpError()->text().contains(QStringLiteral("codex already has an MCP server named teamai")),
                     qPrintable(dialog.mcpError()->text()));
        }
        const QJsonObject entry = claudeServers().value(QStringLiteral("teamai")).toObject();
        QCOMPARE(entry.value(QStringLiteral("command")).toString(), teamai);
        QCOMPARE(entry.value(QStringLiteral("args")).toArray().first().toString(), QStringLiteral("mcp"));
        QVERIFY(claudeServers().contains(QStringLiteral("mine")));
        QCOMPARE(env->readFile(QStringLiteral(".codex/config.toml")), usersCodex);
        const QJsonObject record = QJsonDocument::fromJson(env->readFile(QStringLiteral(".teamai/local-agent/mcp-registration.json"))).object();
        QCOMPARE(record.keys(), QStringList{QStringLiteral("claude")});

        SettingsDialog dialog(teamai);
        QVERIFY(dialog.mcpBox()->isChecked());  // the record says so
        dialog.mcpBox()->setChecked(false);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.save();
        QVERIFY(accepted.wait(20000));
        QVERIFY(dialog.mcpError()->isHidden());
        QCOMPARE(claudeServers().keys(), QStringList{QStringLiteral("mine")});
        QVERIFY(!QFile::exists(registrationRecord()));
        QCOMPARE(env->readFile(QStringLiteral(".codex/config.toml")), usersCodex);
        QVERIFY(!SettingsDialog(teamai).mcpBox()->isChecked());
    }

    void aFailedRegistrationIsShownInTheDialog()
    {
        env->writeFile(QStringLiteral(".claude.json"), "{ not json");
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("claude")}); }));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.mcpBox()->setChecked(true);
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        dialog.save();
        QVERIFY(applied.wait(20000));
        QVERIFY(!dialog.mcpError()->isHidden());
        QVERIFY2(dialog.mcpError()->text().contains(QStringLiteral("claude: ")), qPrintable(dialog.mcpError()->text()));
        QCOMPARE(env->readFile(QStringLiteral(".claude.json")), QByteArray("{ not json"));  // nothing changed
        QVERIFY(!QFile::exists(registrationRecord()));
        // Settings other than the registration were saved all the same.
        QCOMPARE(AgentSettings::load().settings.enabledAgents(), QStringList{QStringLiteral("claude")});
    }

    void theSeeAllCommandsCheckboxIsSaved()
    {
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("codex")}); }));
        const QString teamai = test::builtBinary("TEAMAI_BIN");
        for (const bool allowed : {true, false}) {
            SettingsDialog dialog(teamai);
            QCOMPARE(dialog.seeAllCommandsBox()->isChecked(), !allowed);  // off by default
            dialog.seeAllCommandsBox()->setChecked(allowed);
            QSignalSpy accepted(&dialog, &QDialog::accepted);
            dialog.save();
            QVERIFY(accepted.wait(20000));
            QCOMPARE(AgentSettings::load().settings.agentsSeeAllCommands(), allowed);
        }
    }

    void urlAndTokenHaveNamesAndMnemonics()
    {
        // The same fields as the first-run dialog (ConnectionFields): a screen reader names them,
        // and Alt+B / Alt+T focus them.
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        QCOMPARE(dialog.connection()->endpoint()->accessibleName(), QStringLiteral("Backend URL"));
        QCOMPARE(dialog.connection()->token()->accessibleName(), QStringLiteral("API token"));
        for (QLineEdit *field : {dialog.connection()->endpoint(), dialog.connection()->token()}) {
            const QList<QLabel *> labels = dialog.findChildren<QLabel *>();
            QVERIFY(std::any_of(labels.cbegin(), labels.cend(), [field](QLabel *label) {
                return label->buddy() == field && label->text().contains(u'&');
            }));
        }
        QTest::keyClick(&dialog, Qt::Key_T, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), dialog.connection()->token());
        QTest::keyClick(&dialog, Qt::Key_B, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), dialog.connection()->endpoint());
    }

    void theNewCheckboxesAreNamedExplainedAndInTabOrder()
    {
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        for (QCheckBox *box : {dialog.mcpBox(), dialog.seeAllCommandsBox()}) {
            QVERIFY(!box->accessibleName().isEmpty());
            QVERIFY(!box->toolTip().isEmpty());
            QVERIFY(box->focusPolicy() & Qt::TabFocus);
        }
        // Tab goes from the last agent to the MCP box, then to the other one.
        const QString lastAgent = knownTools().constLast().name;
        dialog.agentBox(lastAgent)->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), dialog.mcpBox());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), dialog.seeAllCommandsBox());
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
