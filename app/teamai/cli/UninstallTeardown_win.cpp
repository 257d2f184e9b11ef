#include "cli/UninstallTeardown_platform.h"

#include <QSettings>

// Not built on the Linux CI machines: review by reading.
namespace teamai::cli::teardown {
namespace {

const QString kRunKey = QStringLiteral("HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run");
const QString kRunValue = QStringLiteral("TeamAI Agent");

} // namespace

QString autostartLocation()
{
    return kRunKey + u'\\' + kRunValue;
}

bool autostartPresent()
{
    return QSettings(kRunKey, QSettings::NativeFormat).contains(kRunValue);
}

bool removeAutostart()
{
    QSettings run(kRunKey, QSettings::NativeFormat);
    run.remove(kRunValue);
    run.sync();
    return run.status() == QSettings::NoError;
}

} // namespace teamai::cli::teardown
