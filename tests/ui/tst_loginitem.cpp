// LoginItem on XDG desktops: a user autostart entry, and the override of the packages'
// system-wide entry (Hidden=true to turn it off, no override to turn it on).

#include "desktop/LoginItem.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QtTest>

using namespace teamai::ui;

class TestLoginItem : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<teamai::test::TestEnvironment> env;

private slots:
    void init()
    {
        env = std::make_unique<teamai::test::TestEnvironment>();
        qputenv("XDG_CONFIG_DIRS", QFile::encodeName(env->home() + QStringLiteral("/etc-xdg")));
    }
    void cleanup()
    {
        qunsetenv("XDG_CONFIG_DIRS");
        env.reset();
    }

    void userEntryOnly()
    {
        QString error;
        QVERIFY(!LoginItem::isEnabled());
        QVERIFY2(LoginItem::setEnabled(true, &error, QStringLiteral("/opt/Team AI/teamai-tray")), qPrintable(error));
        QVERIFY(LoginItem::isEnabled());
        const QByteArray entry = env->readFile(QStringLiteral(".config/autostart/teamai-tray.desktop"));
        QVERIFY(entry.contains("Exec=\"/opt/Team AI/teamai-tray\"\n"));
        QVERIFY(!entry.contains("Hidden=true"));
        QVERIFY(LoginItem::setEnabled(false, &error));
        QVERIFY(!LoginItem::isEnabled());
        QVERIFY(!QFile::exists(LoginItem::location()));
    }

    void systemWideEntryIsOverridden()
    {
        env->writeFile(QStringLiteral("etc-xdg/autostart/teamai-tray.desktop"), "[Desktop Entry]\nType=Application\nExec=teamai-tray\n");
        QCOMPARE(LoginItem::systemEntries().size(), 1);
        QVERIFY(LoginItem::isEnabled());  // the package turned it on for everyone
        QString error;
        QVERIFY(LoginItem::setEnabled(false, &error));
        QVERIFY(!LoginItem::isEnabled());
        QVERIFY(env->readFile(QStringLiteral(".config/autostart/teamai-tray.desktop")).contains("Hidden=true\n"));
        QVERIFY(LoginItem::setEnabled(true, &error));
        QVERIFY(LoginItem::isEnabled());
        QVERIFY(!QFile::exists(LoginItem::location()));  // no override left: the system entry applies
    }
};

QTEST_GUILESS_MAIN(TestLoginItem)
#include "tst_loginitem.moc"
