// FirstRunDialog (issue #7 item 3): shown when nothing is configured; refuses incomplete input;
// checks the connection (a rejected token stops it, an unreachable backend may be set up
// anyway); then Enrollment (core, in this process: no `teamai init` is started) saves the
// configuration and the token and hooks the chosen agents, and they are recorded for the tray. Issue 16 item 4: errors wrap inside the dialog (never clipped, never a
// server's HTML) and the dialog shrinks back when they clear; no agent is required; "Not now"
// postpones instead of quitting; a summary of what was configured ends the setup. The token goes
// through the process's TokenSource, and the summary words where it went as Settings does (a
// plain file no one chose is a warning with what to install).

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"
#include "windows/ConnectionFields.h"
#include "windows/FirstRunDialog.h"

#include "DevServerProcess.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"
#include "WebPageServer.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

class TestFirstRunDialog : public teamai::test::HomeTestCase
{
    Q_OBJECT
private:
    // Without the break opportunities added for wrapping.
    static QString plain(QString text) { return text.remove(QChar(0x200B)); }

    static void uncheckAll(FirstRunDialog &dialog)
    {
        for (QCheckBox *box : dialog.findChildren<QCheckBox *>())
            box->setChecked(false);
    }

    /// The form filled for the devserver with claude as the only agent.
    static void fillInForClaude(FirstRunDialog &dialog, const QString &url)
    {
        uncheckAll(dialog);
        dialog.connection()->endpoint()->setText(url);
        dialog.connection()->token()->setText(test::DevServerProcess::token());
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
    }

private slots:
    void neededOnlyWithoutConfiguration()
    {
        QVERIFY(FirstRunDialog::needed());
        AgentConfig config;
        config.setEndpoint(QStringLiteral("https://teamai.example.com"));
        QVERIFY(config.save());
        QVERIFY(!FirstRunDialog::needed());
    }

    void preselectsInstalledAgents()
    {
        QDir().mkpath(env->home() + QStringLiteral("/.codex"));
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(dialog.agentBox(QStringLiteral("codex"))->isChecked());
        QVERIFY(!dialog.agentBox(QStringLiteral("cursor"))->isChecked());
        QCOMPARE(dialog.chosenAgents(), QStringList{QStringLiteral("codex")});
    }

    void incompleteInputIsRefused()
    {
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        uncheckAll(dialog);
        dialog.connection()->endpoint()->setText(QStringLiteral("teamai.example.com"));  // no scheme
        QTest::mouseClick(dialog.setupButton(), Qt::LeftButton);
        QVERIFY(dialog.connection()->endpointError()->isVisible());
        QVERIFY(dialog.connection()->tokenError()->isVisible());
        QCOMPARE(dialog.connection()->tokenError()->text(), QStringLiteral("Enter the API token"));
        QVERIFY(dialog.isVisible());
        QVERIFY(FirstRunDialog::needed());
    }

    void rejectedTokenStops()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.connection()->endpoint()->setText(server.baseUrl());
        dialog.connection()->token()->setText(QStringLiteral("not-the-token"));
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        dialog.setUp();
        QVERIFY(steps.wait(10000));
        QCOMPARE(steps.at(0).at(0).toString(), QStringLiteral("check"));
        QCOMPARE(steps.at(0).at(1).toBool(), false);
        QVERIFY(dialog.connection()->tokenError()->text().contains(QStringLiteral("rejected the token")));
        QVERIFY(!steps.wait(500));  // nothing more happens
        QVERIFY(FirstRunDialog::needed());
    }

    void setsUpAgainstTheBackend()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        QDir().mkpath(env->home() + QStringLiteral("/.claude"));
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        uncheckAll(dialog);
        QTest::keyClicks(dialog.connection()->endpoint(), server.baseUrl());
        QTest::keyClicks(dialog.connection()->token(), test::DevServerProcess::token());
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QSignalSpy finished(&dialog, &FirstRunDialog::setUpFinished);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        QTest::mouseClick(dialog.setupButton(), Qt::LeftButton);
        QVERIFY2(finished.wait(20000), qPrintable(dialog.statusLabel()->text()));
        // It stays open on what was configured, until Done.
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.summaryLabel()->isVisible());
        const QString summary = plain(dialog.summaryLabel()->text());
        QVERIFY2(summary.contains(QStringLiteral("Backend: %1").arg(server.baseUrl())), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("The token is saved in")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Agents hooked: claude.")), qPrintable(summary));
        QVERIFY(!dialog.setupButton()->isVisible());
        QCOMPARE(accepted.count(), 0);
        QTest::mouseClick(dialog.doneButton(), Qt::LeftButton);
        QCOMPARE(accepted.count(), 1);
        QStringList done;
        for (const QList<QVariant> &step : steps) {
            QVERIFY2(step.at(1).toBool(), qPrintable(step.at(2).toString()));
            done << step.at(0).toString();
        }
        QCOMPARE(done, (QStringList{QStringLiteral("check"), QStringLiteral("token"), QStringLiteral("init")}));
        QVERIFY(!FirstRunDialog::needed());
        QCOMPARE(AgentConfig::load().config.endpoint(), server.baseUrl());
        QCOMPARE(TokenStore::load(server.baseUrl()).token, test::DevServerProcess::token());
        QCOMPARE(AgentSettings::load().settings.enabledAgents(), QStringList{QStringLiteral("claude")});
        QVERIFY(env->readFile(QStringLiteral(".claude/settings.json")).contains("hook-dispatch"));
        QCOMPARE(server.requests(QStringLiteral("getConfig")).size(), 1);
    }

    void withoutASecretServiceTheSummaryWarnsAndTheFileIsPrivate()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        QVERIFY(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"));  // TestEnvironment: no Secret Service
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        uncheckAll(dialog);
        dialog.connection()->endpoint()->setText(server.baseUrl());
        dialog.connection()->token()->setText(test::DevServerProcess::token());
        QSignalSpy finished(&dialog, &FirstRunDialog::setUpFinished);
        dialog.setUp();
        QVERIFY2(finished.wait(20000), qPrintable(dialog.statusLabel()->text()));
        QVERIFY(dialog.summaryIsWarning());
        const QString summary = plain(dialog.summaryLabel()->text());
        QVERIFY2(summary.contains(TokenStore::tokenFilePath()), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("no system credential store answered")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("gnome-keyring")), qPrintable(summary));
        QCOMPARE(QFileInfo(TokenStore::tokenFilePath()).permissions() & ~(QFile::ReadUser | QFile::WriteUser),
                 QFile::ReadOwner | QFile::WriteOwner);
        // Saved through the process's token source: its answer is the new token, from the file.
        const TokenStore::Loaded current = TokenSource::current(server.baseUrl());
        QCOMPARE(current.token, test::DevServerProcess::token());
        QCOMPARE(current.source, QStringLiteral("file"));
    }

    void unreachableMayBeSetUpAnyway()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(probe.serverPort());
        probe.close();
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        uncheckAll(dialog);
        dialog.connection()->endpoint()->setText(url);
        dialog.connection()->token()->setText(QStringLiteral("some-token"));
        dialog.agentBox(QStringLiteral("codex"))->setChecked(true);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.setUp();
        QVERIFY(steps.wait(15000));
        QCOMPARE(steps.at(0).at(1).toBool(), false);
        QCOMPARE(dialog.setupButton()->text(), QStringLiteral("Set up &anyway"));
        QVERIFY(dialog.connection()->endpointError()->text().startsWith(QStringLiteral("Cannot reach")));
        QSignalSpy finished(&dialog, &FirstRunDialog::setUpFinished);
        dialog.setUp();
        QVERIFY(finished.wait(20000));
        dialog.doneButton()->click();
        QCOMPARE(accepted.count(), 1);
        QCOMPARE(AgentConfig::load().config.endpoint(), url);
    }
    void noAgentIsRequired()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        uncheckAll(dialog);  // and no agent folder exists: init hooks nothing, as from a terminal
        dialog.connection()->endpoint()->setText(server.baseUrl());
        dialog.connection()->token()->setText(test::DevServerProcess::token());
        QSignalSpy finished(&dialog, &FirstRunDialog::setUpFinished);
        dialog.setUp();
        QVERIFY2(finished.wait(20000), qPrintable(dialog.statusLabel()->text()));
        QCOMPARE(AgentConfig::load().config.endpoint(), server.baseUrl());
        QVERIFY2(plain(dialog.summaryLabel()->text()).contains(QStringLiteral("Agents: none is hooked yet.")),
                 qPrintable(dialog.summaryLabel()->text()));
    }

    void notNowPostponesAndDoesNotQuit()
    {
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        QTest::mouseClick(dialog.notNowButton(), Qt::LeftButton);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), FirstRunDialog::Postponed);  // main.cpp starts the tray on it
        QVERIFY(dialog.result() != QDialog::Rejected);

        FirstRunDialog again(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(again));
        QTest::keyClick(&again, Qt::Key_Escape);
        QVERIFY(!again.isVisible());
        QCOMPARE(again.result(), FirstRunDialog::Postponed);
    }

    void aNonTeamAIServerIsNamedNotDumped()
    {
        test::WebPageServer page;
        QVERIFY(page.isListening());
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.show();
        dialog.connection()->endpoint()->setText(page.baseUrl());
        dialog.connection()->token()->setText(QStringLiteral("some-token"));
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        dialog.setUp();
        QVERIFY(steps.wait(15000));
        QCOMPARE(steps.at(0).at(1).toBool(), false);
        const QString shown = plain(dialog.connection()->endpointError()->text());
        QVERIFY2(shown.startsWith(QStringLiteral("This server is not a TeamAI backend (HTTP 404).")), qPrintable(shown));
        QVERIFY2(!shown.contains(u'<') && !shown.contains(QStringLiteral("nginx")), qPrintable(shown));
        QVERIFY(dialog.connection()->endpointError()->isVisible());
    }

    void aLongErrorWrapsInsideTheDialog()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString url = QStringLiteral("http://127.0.0.1:%1/%2").arg(probe.serverPort()).arg(QString(120, u'a') + QStringLiteral("/teamai"));
        probe.close();
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        const int width = dialog.width();
        dialog.connection()->endpoint()->setText(url);
        dialog.connection()->token()->setText(QStringLiteral("some-token"));
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        dialog.setUp();
        QVERIFY(steps.wait(15000));
        QCoreApplication::processEvents();
        QLabel *error = dialog.connection()->endpointError();
        QVERIFY(error->isVisible());
        QVERIFY(plain(error->text()).contains(url));
        QCOMPARE(dialog.width(), width);  // not widened by the unbroken URL
        const QRect shown(error->mapTo(&dialog, QPoint(0, 0)), error->size());
        QVERIFY2(dialog.rect().contains(shown), qPrintable(QStringLiteral("label %1,%2 %3x%4 in %5x%6").arg(shown.x()).arg(shown.y())
                                                              .arg(shown.width()).arg(shown.height()).arg(dialog.width()).arg(dialog.height())));
        QVERIFY2(error->height() >= error->heightForWidth(error->width()),
                 qPrintable(QStringLiteral("%1 < %2").arg(error->height()).arg(error->heightForWidth(error->width()))));
    }

    void theDialogShrinksBackWhenErrorsClear()
    {
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QVERIFY(teamai::test::showAndWait(dialog));
        QCoreApplication::processEvents();
        const QSize first = dialog.size();
        QTest::mouseClick(dialog.setupButton(), Qt::LeftButton);  // both fields empty
        QVERIFY(dialog.connection()->endpointError()->isVisible() && dialog.connection()->tokenError()->isVisible());
        QCoreApplication::processEvents();
        QVERIFY2(dialog.height() > first.height(), qPrintable(QString::number(dialog.height())));
        QTest::keyClicks(dialog.connection()->endpoint(), QStringLiteral("https://teamai.example.com"));
        QTest::keyClicks(dialog.connection()->token(), QStringLiteral("t"));
        QVERIFY(!dialog.connection()->endpointError()->isVisible() && !dialog.connection()->tokenError()->isVisible());
        QCoreApplication::processEvents();
        QCOMPARE(dialog.size(), first);
    }

    // Issue 18 item 1: setup is Enrollment in this process. A stand-in `teamai` that leaves a
    // mark when it runs is never started, and it is the program the hooks run.
    void setUpStartsNoProcessAndHooksTheGivenProgram()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        const QString marker = env->home() + QStringLiteral("/teamai-was-run");
        const QString program = env->writeFile(QStringLiteral("opt/bin/teamai"), "#!/bin/sh\ntouch \"$HOME/teamai-was-run\"\n");
        QFile::setPermissions(program, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        FirstRunDialog dialog(program);
        fillInForClaude(dialog, server.baseUrl());
        QSignalSpy finished(&dialog, &FirstRunDialog::setUpFinished);
        dialog.setUp();
        QVERIFY2(finished.wait(20000), qPrintable(dialog.statusLabel()->text()));
        QVERIFY(!QFile::exists(marker));
        QVERIFY(env->readFile(QStringLiteral(".claude/settings.json")).contains(QByteArray(program.toUtf8() + " hook-dispatch")));
        // config.json is written before the token: the file store's copy there is the new token.
        QCOMPARE(AgentConfig::load().config.token(), test::DevServerProcess::token());
    }

    // What InitRunner said when `teamai` was missing, now from Enrollment: shown, nothing written.
    void aMissingTeamaiIsShownAndNothingIsWritten()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        FirstRunDialog dialog(env->home() + QStringLiteral("/nonexistent/teamai"));
        dialog.show();
        fillInForClaude(dialog, server.baseUrl());
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        dialog.setUp();
        QTRY_COMPARE_WITH_TIMEOUT(steps.size(), 2, 20000);
        QCOMPARE(steps.at(1).at(0).toString(), QStringLiteral("init"));
        QCOMPARE(steps.at(1).at(1).toBool(), false);
        const QString status = plain(dialog.statusLabel()->text());
        QVERIFY2(status.startsWith(QStringLiteral("Setup failed:")) && status.contains(QStringLiteral("reinstall TeamAI")),
                 qPrintable(status));
        QVERIFY(dialog.setupButton()->isEnabled());
        QVERIFY(FirstRunDialog::needed());
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(!QFile::exists(env->home() + QStringLiteral("/.claude/settings.json")));
    }

    void inputsHaveNamesAndBuddies()
    {
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        QCOMPARE(dialog.connection()->endpoint()->accessibleName(), QStringLiteral("Backend URL"));
        QCOMPARE(dialog.connection()->token()->accessibleName(), QStringLiteral("API token"));
        int buddies = 0;
        for (QLabel *label : dialog.findChildren<QLabel *>())
            buddies += label->buddy() == dialog.connection()->endpoint() || label->buddy() == dialog.connection()->token();
        QCOMPARE(buddies, 2);
    }
};

QTEST_MAIN(TestFirstRunDialog)
#include "tst_firstrundialog.moc"
