// The Commands and Ack history windows at QT_SCALE_FACTOR=2 (issue 16 item 7 for the windows of
// items 5-6): their first size fits the screen's available geometry, Ctrl+W closes them, every
// input has an accessible name or a label buddy, and every push button has a mnemonic. The
// Settings and first-run dialogs (issue 16 item 7) open within the screen with their buttons in
// sight (Settings' content scrolls), and Esc closes them.

#include "tray/TrayController.h"
#include "windows/AboutBox.h"
#include "windows/AckHistoryWindow.h"
#include "windows/CommandsWindow.h"
#include "windows/ConnectionFields.h"
#include "windows/FirstRunDialog.h"
#include "windows/SettingsDialog.h"

#include "AckFixture.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTableView>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

namespace {

// Inputs the user reaches with the keyboard; the line edit inside a spin box belongs to it.
QList<QWidget *> inputsOf(QWidget *window)
{
    QList<QWidget *> inputs;
    for (QWidget *widget : window->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(widget->parentWidget()) || qobject_cast<QComboBox *>(widget->parentWidget()))
            continue;
        if (qobject_cast<QLineEdit *>(widget) || qobject_cast<QComboBox *>(widget) || qobject_cast<QAbstractSpinBox *>(widget)
            || qobject_cast<QPlainTextEdit *>(widget) || qobject_cast<QTableView *>(widget))
            inputs << widget;
    }
    return inputs;
}

QString unnamedInputs(QWidget *window)
{
    QSet<QWidget *> buddies;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (label->buddy())
            buddies.insert(label->buddy());
    }
    QStringList missing;
    for (QWidget *input : inputsOf(window)) {
        if (input->accessibleName().isEmpty() && !buddies.contains(input))
            missing << QString::fromLatin1(input->metaObject()->className());
    }
    return missing.join(QStringLiteral(", "));
}

QString buttonsWithoutMnemonic(QWidget *window)
{
    QStringList missing;
    for (QPushButton *button : window->findChildren<QPushButton *>()) {
        if (!button->text().isEmpty() && !button->text().contains(u'&'))
            missing << button->text();
    }
    return missing.join(QStringLiteral(", "));
}

} // namespace

class TestWindowFit : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    void checkFitsAndCloses(QWidget &window)
    {
        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(available.width() < 1160, "the test needs a screen smaller than the Commands window's preferred size");
        QVERIFY(teamai::test::showAndWait(window));
        QVERIFY2(window.frameGeometry().width() <= available.width() && window.frameGeometry().height() <= available.height(),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(window.width()).arg(window.height())
                                .arg(available.width()).arg(available.height())));
        QVERIFY(available.contains(window.geometry()));
        QCOMPARE(unnamedInputs(&window), QString());
        QCOMPARE(buttonsWithoutMnemonic(&window), QString());
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier);
        QVERIFY(!window.isVisible());
    }

    // Each of @p buttons lies inside the dialog as it first opens, and the dialog inside the screen.
    static void checkDialogFits(QDialog &dialog, const QList<QAbstractButton *> &buttons)
    {
        const QRect available = dialog.screen()->availableGeometry();
        QVERIFY(teamai::test::showAndWait(dialog));
        QVERIFY2(available.contains(dialog.frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2+%3+%4 on %5x%6").arg(dialog.frameGeometry().width()).arg(dialog.frameGeometry().height())
                                .arg(dialog.x()).arg(dialog.y()).arg(available.width()).arg(available.height())));
        QVERIFY(!buttons.isEmpty());
        for (QAbstractButton *button : buttons) {
            QVERIFY2(button->isVisible(), qPrintable(button->text()));
            const QRect inDialog(button->mapTo(&dialog, QPoint(0, 0)), button->size());
            QVERIFY2(dialog.rect().contains(inDialog), qPrintable(QStringLiteral("%1 at %2,%3 in %4x%5").arg(button->text())
                                                                     .arg(inDialog.x()).arg(inDialog.y()).arg(dialog.width()).arg(dialog.height())));
        }
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QTest::keyClick(&dialog, Qt::Key_Escape);
        QVERIFY(!dialog.isVisible());
    }

private slots:
    void scaledTwice()
    {
        QCOMPARE(qApp->primaryScreen()->devicePixelRatio(), 2.0);
        QCOMPARE(qApp->primaryScreen()->geometry().size(), QSize(800, 500));
    }

    void commandsWindow()
    {
        CommandsWindow window(*ledger, nullptr);
        checkFitsAndCloses(window);
    }

    void ackHistoryWindow()
    {
        QVERIFY(test::AckFixture::fill(*database, 10, QDateTime::currentDateTimeUtc()));
        AckHistoryWindow window(*database);
        checkFitsAndCloses(window);
    }

    void settingsDialog()
    {
        SettingsDialog dialog;
        auto *box = dialog.findChild<QDialogButtonBox *>();
        auto *scroll = dialog.findChild<QScrollArea *>();
        QVERIFY(box && scroll);
        // All of its content is taller than this screen: only scrolling keeps Save in sight.
        QVERIFY(scroll->widget()->sizeHint().height() > dialog.screen()->availableGeometry().height());
        checkDialogFits(dialog, box->buttons());
    }

    // Save is below the scrolled content: a refusal at its top is scrolled into view.
    void settingsRevealsARefusalAboveTheView()
    {
        SettingsDialog dialog;
        auto *scroll = dialog.findChild<QScrollArea *>();
        QVERIFY(teamai::test::showAndWait(dialog));
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        const auto inView = [scroll](QWidget *widget) {
            const QRect rect(widget->mapTo(scroll->viewport(), QPoint(0, 0)), widget->size());
            return scroll->viewport()->rect().contains(rect);
        };
        QVERIFY(!inView(dialog.connection()->endpoint()));
        dialog.connection()->endpoint()->setText(QStringLiteral("ftp://nope"));
        QTest::mouseClick(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save), Qt::LeftButton);
        QVERIFY(dialog.connection()->endpointError()->isVisible());
        QVERIFY(inView(dialog.connection()->endpointError()));
    }

    void firstRunDialog()
    {
        FirstRunDialog dialog;
        QSignalSpy finished(&dialog, &QDialog::finished);
        checkDialogFits(dialog, {dialog.notNowButton(), dialog.setupButton()});
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toInt(), FirstRunDialog::Postponed);
    }

    // Where the desktop has no tray, the Commands window stands in for it with a status line and
    // the menu's actions on top: it still fits, and Ctrl+W closes it (which quits the app).
    void noTrayWindow()
    {
        TrayController::Options options;
        options.forceNoTray = true;
        options.startScheduler = false;
        options.followSystem = false;
        TrayController tray(options);
        QSignalSpy quit(&tray, &TrayController::quitRequested);
        tray.start();
        QVERIFY(!tray.trayAvailable());
        QPointer<QWidget> window = tray.commandsWindow();
        QVERIFY(window && window->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(window));
        const QRect available = window->screen()->availableGeometry();
        QVERIFY2(available.contains(window->frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(window->width()).arg(window->height()).arg(available.width()).arg(available.height())));
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTest::keyClick(window, Qt::Key_W, Qt::ControlModifier);
        QTRY_COMPARE(quit.count(), 1);
    }

    void aboutBox()
    {
        QPointer<QMessageBox> box = createAboutBox();
        checkDialogFits(*box, box->buttons());
        QTRY_VERIFY(box.isNull());  // deleted once closed
    }
};

int main(int argc, char **argv)
{
    // The screen of the report: 1600×1000 at QT_SCALE_FACTOR=2, that is 800×500 to the windows.
    // Both are read when the application starts.
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(R"({"screens": [{"name": "screen", "x": 0, "y": 0, "width": 1600, "height": 1000,)"
                      R"( "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})") < 0)
        return 2;
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    qputenv("QT_SCALE_FACTOR", "2");
    QApplication app(argc, argv);
    TestWindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowfit.moc"
