// NotificationSettingsPanel (issue 16 item 3): the kinds of notification the user wants, in
// Settings; written when the dialog is accepted, not when it is cancelled; what the Notifier
// reads.

#include "tray/NotificationKind.h"
#include "windows/NotificationSettingsPanel.h"
#include "windows/SettingsDialog.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QCheckBox>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

class TestNotificationSettingsPanel : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void everyKindIsOnByDefaultAndNamed()
    {
        NotificationSettingsPanel panel;
        for (NotificationKind kind : allNotificationKinds()) {
            QVERIFY(panel.box(kind));
            QVERIFY(panel.box(kind)->isChecked());
            QVERIFY(!panel.box(kind)->accessibleName().isEmpty());
        }
    }

    void aChoiceIsSavedAndReadBack()
    {
        {
            NotificationSettingsPanel panel;
            panel.box(NotificationKind::Succeeded)->setChecked(false);
            panel.box(NotificationKind::Installed)->setChecked(false);
            QVERIFY(panel.save());
        }
        QCOMPARE(enabledNotificationKinds(), (QSet<NotificationKind>{NotificationKind::Blocked, NotificationKind::Failed}));
        NotificationSettingsPanel again;
        QVERIFY(!again.box(NotificationKind::Succeeded)->isChecked());
        QVERIFY(again.box(NotificationKind::Failed)->isChecked());
    }

    void theSettingsDialogSavesItOnAcceptOnly()
    {
        {
            SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
            auto *panel = dialog.findChild<NotificationSettingsPanel *>();
            QVERIFY(panel);
            panel->box(NotificationKind::Failed)->setChecked(false);
            dialog.reject();
        }
        QVERIFY(enabledNotificationKinds().contains(NotificationKind::Failed));
        SettingsDialog dialog(test::builtBinary("TEAMAI_BIN"));
        auto *panel = dialog.findChild<NotificationSettingsPanel *>();
        panel->box(NotificationKind::Failed)->setChecked(false);
        dialog.accept();
        QVERIFY(!enabledNotificationKinds().contains(NotificationKind::Failed));
    }
};

QTEST_MAIN(TestNotificationSettingsPanel)
#include "tst_notificationsettingspanel.moc"
