// The tray's "Model gateways" list (issue 15 item 2): which gateway each tool uses and since
// when, removable from the keyboard — through the same code as an empty snapshot, so only what
// TeamAI wrote goes — with accessible names on every control.
#include "modelconfig/ModelConfigApply.h"
#include "windows/ModelGatewaysPanel.h"
#include "windows/SettingsDialog.h"

#include "ShowAndWait.h"
#include "TestEnvironment.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

namespace {

const QByteArray kUsersSettings = "{\n  \"model\": \"opus\"\n}\n";

modelconfig::Delivery gateway(const QString &url)
{
    return modelconfig::parseDelivery(
               QStringLiteral("{\"models\":[{\"provider\":\"acme\",\"model_id\":\"acme-large\",\"name\":\"Acme\",\"base_url\":\"%1\",\"api_key\":\"sk-panel-0123456789\"}]}").arg(url))
        .delivery;
}

QString noEnv(const QString &)
{
    return {};
}

} // namespace

class TestModelGatewaysPanel : public QObject
{
    Q_OBJECT
private slots:
    void listsEachToolsGateway()
    {
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".claude/settings.json"), kUsersSettings);
        QVERIFY(modelconfig::applyModels({QStringLiteral("claude"), {}}, gateway(QStringLiteral("http://127.0.0.1:9/v1")), noEnv).ok);
        QVERIFY(modelconfig::applyModels({QStringLiteral("codebuddy"), {}}, gateway(QStringLiteral("https://gw.example"))).ok);
        ModelGatewaysPanel panel;
        QTreeWidget *list = panel.list();
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("claude"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("http://127.0.0.1:9"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("acme-large"));
        QVERIFY(list->topLevelItem(0)->text(3) != ModelGatewaysPanel::tr("unknown"));
        QCOMPARE(list->topLevelItem(0)->toolTip(0), QStringLiteral("~/.claude/settings.json"));
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("codebuddy"));
        QCOMPARE(list->topLevelItem(1)->text(1), QStringLiteral("https://gw.example"));
        // Nothing shown is a key.
        for (int row = 0; row < list->topLevelItemCount(); ++row) {
            for (int column = 0; column < list->columnCount(); ++column)
                QVERIFY(!list->topLevelItem(row)->text(column).contains(QStringLiteral("sk-panel")));
        }
    }

    void removesFromTheKeyboardExactlyOurs()
    {
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".claude/settings.json"), kUsersSettings);
        QVERIFY(modelconfig::applyModels({QStringLiteral("claude"), {}}, gateway(QStringLiteral("http://127.0.0.1:9")), noEnv).ok);
        ModelGatewaysPanel panel;
        QStringList asked;
        panel.confirm = [&asked](const QString &what) {
            asked << what;
            return true;
        };
        QVERIFY(teamai::test::showAndWait(panel));
        panel.list()->setFocus();
        QTest::keyClick(panel.list(), Qt::Key_Down);  // one row: the selection stays on it
        QVERIFY(panel.list()->currentItem() && panel.list()->currentItem()->isSelected());
        QVERIFY(panel.removeButton()->isEnabled());
        QSignalSpy finished(&panel, &ModelGatewaysPanel::removalFinished);
        QTest::keyClick(panel.list(), Qt::Key_Delete);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().toBool(), true);
        QCOMPARE(asked, QStringList{QStringLiteral("claude")});
        QCOMPARE(env.readFile(QStringLiteral(".claude/settings.json")), QByteArray("{\n  \"model\": \"opus\",\n  \"env\": {}\n}\n"));
        QVERIFY(!QFile::exists(env.home() + QStringLiteral("/.claude/teamai-models.json")));
        QCOMPARE(panel.list()->topLevelItemCount(), 0);
        QCOMPARE(panel.statusLabel()->text(), ModelGatewaysPanel::tr("None: every tool uses its own model settings."));
    }

    void declinedRemovalChangesNothing()
    {
        test::TestEnvironment env;
        QVERIFY(modelconfig::applyModels({QStringLiteral("workbuddy"), {}}, gateway(QStringLiteral("https://gw.example"))).ok);
        const QByteArray before = env.readFile(QStringLiteral(".workbuddy/models.json"));
        ModelGatewaysPanel panel;
        panel.confirm = [](const QString &) { return false; };
        panel.list()->setCurrentItem(panel.list()->topLevelItem(0));
        QTest::mouseClick(panel.removeButton(), Qt::LeftButton);
        QCOMPARE(env.readFile(QStringLiteral(".workbuddy/models.json")), before);
        QCOMPARE(panel.list()->topLevelItemCount(), 1);
    }

    void controlsHaveAccessibleNamesAndTheDialogHasThePanel()
    {
        test::TestEnvironment env;
        ModelGatewaysPanel panel;
        QVERIFY(!panel.list()->accessibleName().isEmpty());
        QVERIFY(!panel.removeButton()->accessibleName().isEmpty());
        QVERIFY(!panel.statusLabel()->accessibleName().isEmpty());
        QCOMPARE(panel.list()->focusPolicy(), Qt::StrongFocus);
        QVERIFY(panel.removeButton()->text().contains(u'&'));  // Alt+R
        QCOMPARE(panel.list()->topLevelItemCount(), 0);
        QVERIFY(!panel.removeButton()->isEnabled());  // nothing to remove

        SettingsDialog dialog;
        QCOMPARE(dialog.findChildren<ModelGatewaysPanel *>().size(), 1);
    }
};

QTEST_MAIN(TestModelGatewaysPanel)
#include "tst_modelgatewayspanel.moc"
