#include "FirstRun.h"

#include "desktop/LoginItem.h"
#include "desktop/SingleInstance.h"
#include "windows/FirstRunDialog.h"

#include <QJsonObject>

#include <cstdio>

namespace teamai::tray {

bool runFirstRunIfNeeded(ui::SingleInstance &instance, const std::function<int(ui::FirstRunDialog &)> &exec)
{
    if (!ui::FirstRunDialog::needed())
        return true;
    ui::FirstRunDialog setup;
    // A second launch during setup brings the setup forward.
    instance.setHandler([&setup](const QJsonObject &request) {
        if (request.value(QStringLiteral("cmd")).toString() != QLatin1String("status")) {
            setup.raise();
            setup.activateWindow();
        }
        return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("state"), QStringLiteral("setup")}};
    });
    const int answer = exec ? exec(setup) : setup.exec();
    instance.setHandler({});
    if (answer == ui::FirstRunDialog::Postponed)
        return true;  // "Not now": the tray starts unconfigured, setup shows again next start
    if (answer != QDialog::Accepted)
        return false;
    QString error;
    if (!ui::LoginItem::setEnabled(true, &error))
        std::fprintf(stderr, "teamai-tray: cannot turn on start at login: %s\n", error.toLocal8Bit().constData());
    return true;
}

} // namespace teamai::tray
