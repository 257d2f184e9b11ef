#include "desktop/LoginItem.h"
#include "desktop/LoginItem_platform.h"

#include <QDir>
#include <QFileInfo>

// A LaunchAgent in ~/Library/LaunchAgents. Not built on the Linux CI machines: review by reading.
namespace teamai::ui {
namespace {

const QString kLabel = QStringLiteral("com.teamai.tray");

} // namespace

QStringList LoginItem::systemEntries()
{
    return {};
}

QString LoginItem::location()
{
    return QDir::homePath() + QStringLiteral("/Library/LaunchAgents/") + kLabel + QStringLiteral(".plist");
}

bool LoginItem::isEnabled()
{
    return QFileInfo::exists(location());
}

bool LoginItem::setEnabled(bool enabled, QString *error, const QString &executable)
{
    const QString path = LoginItem::location();
    if (!enabled)
        return loginitem::removeEntry(path, error);
    const QByteArray content = QStringLiteral(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        "<plist version=\"1.0\"><dict>\n"
        "  <key>Label</key><string>%1</string>\n"
        "  <key>ProgramArguments</key><array><string>%2</string></array>\n"
        "  <key>RunAtLoad</key><true/>\n"
        "</dict></plist>\n").arg(kLabel, loginitem::program(executable).toHtmlEscaped()).toUtf8();
    return loginitem::writeEntry(path, content, error);
}

} // namespace teamai::ui
