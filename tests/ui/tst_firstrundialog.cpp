// FirstRunDialog (issue #7 item 3): shown when nothing is configured; refuses incomplete input;
// checks the connection (a rejected token stops it, an unreachable backend may be set up
// anyway); then the token is saved, `teamai init` runs for the chosen agents, and they are
// recorded for the tray.

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenStore.h"
#include "windows/FirstRunDialog.h"

#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

class TestFirstRunDialog : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;

    static void uncheckAll(FirstRunDialog &dialog)
    {
        for (QCheckBox *box : dialog.findChildren<QCheckBox *>())
            box->setChecked(false);
    }

private slots:
    void init() { env = std::make_unique<test::TestEnvironment>(); }
    void cleanup() { env.reset(); }

    void neededOnlyWithoutConfiguration()
    {
        QVERIFY(FirstRunDialog::needed());
        AgentConfig config;
        config.setEndpoint(QStringLiteral("https://teamai.example.com"));
        QString error;
        QVERIFY(config.save(&error));
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
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        uncheckAll(dialog);
        dialog.endpointField()->setText(QStringLiteral("teamai.example.com"));  // no scheme
        QTest::mouseClick(dialog.setupButton(), Qt::LeftButton);
        QVERIFY(dialog.endpointError()->isVisible());
        QVERIFY(dialog.tokenError()->isVisible());
        QCOMPARE(dialog.tokenError()->text(), QStringLiteral("Enter the API token"));
        QVERIFY(dialog.agentsError()->isVisible());
        QVERIFY(dialog.isVisible());
        QVERIFY(FirstRunDialog::needed());
    }

    void rejectedTokenStops()
    {
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        dialog.endpointField()->setText(server.baseUrl());
        dialog.tokenField()->setText(QStringLiteral("not-the-token"));
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        dialog.setUp();
        QVERIFY(steps.wait(10000));
        QCOMPARE(steps.at(0).at(0).toString(), QStringLiteral("check"));
        QCOMPARE(steps.at(0).at(1).toBool(), false);
        QVERIFY(dialog.tokenError()->text().contains(QStringLiteral("rejected the token")));
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
        QTest::keyClicks(dialog.endpointField(), server.baseUrl());
        QTest::keyClicks(dialog.tokenField(), test::DevServerProcess::token());
        dialog.agentBox(QStringLiteral("claude"))->setChecked(true);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        QTest::mouseClick(dialog.setupButton(), Qt::LeftButton);
        QVERIFY2(accepted.wait(20000), qPrintable(dialog.statusLabel()->text()));
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

    void unreachableMayBeSetUpAnyway()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(probe.serverPort());
        probe.close();
        FirstRunDialog dialog(test::builtBinary("TEAMAI_BIN"));
        uncheckAll(dialog);
        dialog.endpointField()->setText(url);
        dialog.tokenField()->setText(QStringLiteral("some-token"));
        dialog.agentBox(QStringLiteral("codex"))->setChecked(true);
        QSignalSpy steps(&dialog, &FirstRunDialog::stepFinished);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.setUp();
        QVERIFY(steps.wait(15000));
        QCOMPARE(steps.at(0).at(1).toBool(), false);
        QCOMPARE(dialog.setupButton()->text(), QStringLiteral("Set up anyway"));
        QVERIFY(dialog.endpointError()->text().startsWith(QStringLiteral("Cannot reach")));
        dialog.setUp();
        QVERIFY(accepted.wait(20000));
        QCOMPARE(AgentConfig::load().config.endpoint(), url);
    }
};

QTEST_MAIN(TestFirstRunDialog)
#include "tst_firstrundialog.moc"
