#include "desktop/LoginItem.h"
#include "desktop/LoginItem_platform.h"

#include <QDir>
#include <QSettings>

// The per-user Run registry key. Not built on the Linux CI machines: review by reading.
namespace teamai::ui {
namespace {

const QString kRunKey = QStringLiteral("HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run");
const QString kValue = QStringLiteral("TeamAI Agent");

} // namespace

QStringList LoginItem::systemEntries()
{
    return {};
}

QString LoginItem::location()
{
    return kRunKey + u'\\' + kValue;
}

bool LoginItem::isEnabled()
{
    return QSettings(kRunKey, QSettings::NativeFormat).contains(kValue);
}

bool LoginItem::setEnabled(bool enabled, QString *error, const QString &executable)
{
    QSettings run(kRunKey, QSettings::NativeFormat);
    if (enabled)
        run.setValue(kValue, QStringLiteral("\"%1\"").arg(QDir::toNativeSeparators(loginitem::program(executable))));
    else
        run.remove(kValue);
    run.sync();
    if (run.status() != QSettings::NoError) {
        *error = QStringLiteral("cannot change %1").arg(LoginItem::location());
        return false;
    }
    return true;
}

} // namespace teamai::ui
