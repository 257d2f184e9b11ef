#include "windows/AboutBox.h"

#include "Version.h"
#include "tray/TrayIconFactory.h"
#include "util/Paths.h"
#include "windows/WindowFit.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace teamai::ui {

QString aboutText()
{
    return QCoreApplication::translate(
               "AboutBox",
               "<h3>%1</h3>"
               "<p>Version %2</p>"
               "<p>Keeps this machine's AI coding agents in step with your team's TeamAI backend: "
               "skills, rules, CLAUDE.md blocks and agent hooks, and the commands the backend pushes — "
               "which you can refuse at any time with <i>Allow remote commands</i>.</p>"
               "<p>Data and logs: <code>%3</code></p>"
               "<p>Licensed under the Apache License 2.0.</p>")
        .arg(QString::fromLatin1(kProductName), QString::fromLatin1(kVersion), paths::agentStateDir().toHtmlEscaped());
}

QMessageBox *createAboutBox(QWidget *parent)
{
    // QMessageBox::about() with the app icon, as a box of our own so it can be checked: it sizes
    // itself to the screen, and its one button makes Esc close it.
    auto *box = new QMessageBox(QMessageBox::NoIcon, QCoreApplication::translate("AboutBox", "About %1").arg(QString::fromLatin1(kProductName)), aboutText(),
                                QMessageBox::Ok, parent);
    box->setIconPixmap(TrayIconFactory::appIcon().pixmap(64, 64));
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    addCloseShortcut(box);
    return box;
}

void showAboutBox(QWidget *parent)
{
    createAboutBox(parent)->exec();
}

} // namespace teamai::ui
