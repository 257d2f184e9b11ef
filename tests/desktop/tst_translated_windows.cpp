// Issue 16 item 7: the tray's windows in Chinese. The translator the app installs at start
// (ui/i18n/Translations, from the locale) is installed for zh_CN, and the settings window with
// its workspace-bindings and model-gateway panels shows Chinese texts; for English, nothing is
// loaded and the texts stay the sources.

#include "bindings/BindingsPanel.h"
#include "i18n/Translations.h"
#include "windows/ModelGatewaysPanel.h"
#include "windows/SettingsDialog.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QApplication>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTranslator>
#include <QTreeWidget>
#include <QtTest>

using namespace teamai;
using namespace teamai::ui;

namespace {

bool hasChinese(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

// Every visible text of @p root's buttons, labels and group boxes.
QStringList visibleTexts(const QWidget &root)
{
    QStringList texts;
    for (const QPushButton *button : root.findChildren<QPushButton *>())
        texts << button->text();
    for (const QLabel *label : root.findChildren<QLabel *>())
        texts << label->text();
    for (const QGroupBox *box : root.findChildren<QGroupBox *>())
        texts << box->title();
    texts.removeAll(QString());
    return texts;
}

void removeTranslators()
{
    for (QTranslator *translator : qApp->findChildren<QTranslator *>()) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

} // namespace

class TestTranslatedWindows : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::TestEnvironment> env;

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        // Set up as after `teamai init` (nothing listens on port 9: no request is made here).
        const test::TeamaiRun run = test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:9"),
                                                     QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--token-store"),
                                                     QStringLiteral("file")});
        QCOMPARE(run.exitCode, 0);
    }
    void cleanup()
    {
        removeTranslators();
        env.reset();
    }

    void chineseLocaleLoadsTheEmbeddedTranslation()
    {
        const i18n::Installed installed = i18n::installTranslations(*qApp, QLocale(QLocale::Chinese, QLocale::China));
        QCOMPARE(installed.app, QStringLiteral(":/i18n/teamai_zh_CN.qm"));
        QCOMPARE(QCoreApplication::translate("teamai::ui::BindingsPanel", "Workspace bindings"), QStringLiteral("工作区绑定"));
    }

    void englishLocaleLoadsNoChinese()
    {
        i18n::installTranslations(*qApp, QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(QCoreApplication::translate("teamai::ui::BindingsPanel", "Workspace bindings"), QStringLiteral("Workspace bindings"));
        // Chinese as a later choice does not win over English as the first.
        i18n::installTranslations(*qApp, QLocale(QStringLiteral("en_GB")));
        QCOMPARE(QCoreApplication::translate("teamai::ui::BindingsPanel", "&Add…"), QStringLiteral("&Add…"));
    }

    void settingsWindowPanelsAreChinese()
    {
        i18n::installTranslations(*qApp, QLocale(QLocale::Chinese, QLocale::China));
        SettingsDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));

        auto *bindings = dialog.findChild<BindingsPanel *>();
        QVERIFY(bindings);
        const QStringList bindingTexts = visibleTexts(*bindings);
        QVERIFY2(bindingTexts.contains(QStringLiteral("添加(&A)…")), qPrintable(bindingTexts.join(u" | ")));
        QVERIFY2(bindingTexts.contains(QStringLiteral("移除(&R)")), qPrintable(bindingTexts.join(u" | ")));
        QCOMPARE(bindings->table()->model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("工作区"));

        auto *gateways = dialog.findChild<ModelGatewaysPanel *>();
        QVERIFY(gateways);
        QCOMPARE(gateways->list()->headerItem()->text(0), QStringLiteral("工具"));
        QCOMPARE(gateways->removeButton()->text(), QStringLiteral("移除(&R)"));

        // Nothing the two panels show is left in English (file paths and names aside).
        QStringList english;
        for (const QString &text : visibleTexts(*bindings) + visibleTexts(*gateways)) {
            if (!hasChinese(text) && text.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,} [A-Za-z]{3,}"))))
                english << text;
        }
        QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("shown in English: ") + english.join(u" | ")));
    }
};

QTEST_MAIN(TestTranslatedWindows)
#include "tst_translated_windows.moc"
