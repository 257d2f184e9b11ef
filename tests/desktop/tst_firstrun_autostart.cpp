// Issue 16 item 8: autostart only for users who set the tray up. The package installs no
// system-wide entry; completing the first-run setup writes this user's
// ~/.config/autostart/teamai-tray.desktop, leaving it writes nothing, and a tray that was set
// up already (by `teamai init`) changes nothing at start.

#include "FirstRun.h"
#include "desktop/LoginItem.h"
#include "desktop/SingleInstance.h"
#include "windows/FirstRunDialog.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDialog>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;

class TestFirstRunAutostart : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::TestEnvironment> env;
    QTemporaryDir systemConfig;  // XDG_CONFIG_DIRS: no administrator's entry here

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        qunsetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_DIRS", systemConfig.path().toUtf8());
        QVERIFY(!ui::LoginItem::isEnabled());
    }
    void cleanup() { env.reset(); }

    void completingTheSetupTurnsStartAtLoginOn()
    {
        QVERIFY(ui::FirstRunDialog::needed());
        ui::SingleInstance instance;
        bool shown = false;
        QVERIFY(tray::runFirstRunIfNeeded(instance, [&shown](ui::FirstRunDialog &) {
            shown = true;
            return int(QDialog::Accepted);
        }));
        QVERIFY(shown);
        QVERIFY(ui::LoginItem::isEnabled());
        QFile entry(ui::LoginItem::location());
        QVERIFY2(entry.open(QIODevice::ReadOnly), qPrintable(ui::LoginItem::location()));
        const QByteArray text = entry.readAll();
        QVERIFY2(text.contains("Exec=") && !text.contains("Hidden=true"), text.constData());
    }

    void leavingTheSetupWritesNothing()
    {
        ui::SingleInstance instance;
        QVERIFY(!tray::runFirstRunIfNeeded(instance, [](ui::FirstRunDialog &) { return int(QDialog::Rejected); }));
        QVERIFY(!ui::LoginItem::isEnabled());
        QVERIFY(!QFile::exists(ui::LoginItem::location()));
    }

    void alreadySetUpShowsNoSetupAndLeavesAutostartAlone()
    {
        const test::TeamaiRun run = test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:9"),
                                                     QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--token-store"),
                                                     QStringLiteral("file")});
        QCOMPARE(run.exitCode, 0);
        ui::SingleInstance instance;
        bool shown = false;
        QVERIFY(tray::runFirstRunIfNeeded(instance, [&shown](ui::FirstRunDialog &) {
            shown = true;
            return int(QDialog::Accepted);
        }));
        QVERIFY(!shown);
        QVERIFY(!QFile::exists(ui::LoginItem::location()));
    }
};

QTEST_MAIN(TestFirstRunAutostart)
#include "tst_firstrun_autostart.moc"
