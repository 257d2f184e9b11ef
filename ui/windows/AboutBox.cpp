#include "windows/AboutBox.h"

#include "Version.h"
#include "util/Paths.h"

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

void showAboutBox(QWidget *parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("AboutBox", "About %1").arg(QString::fromLatin1(kProductName)), aboutText());
}

} // namespace teamai::ui
