#include "desktop/LoginItem.h"
#include "desktop/LoginItem_platform.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

// XDG autostart entries (Linux and other XDG desktops).
namespace teamai::ui {
namespace {

// Hidden=true (or GNOME's own switch) in a desktop entry: the autostart spec's "do not start".
bool entryHidden(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray &raw : file.readAll().split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line == "Hidden=true" || line == "X-GNOME-Autostart-enabled=false")
            return true;
    }
    return false;
}

} // namespace

QStringList LoginItem::systemEntries()
{
    QStringList entries;
    QString dirs = qEnvironmentVariable("XDG_CONFIG_DIRS");
    if (dirs.isEmpty())
        dirs = QStringLiteral("/etc/xdg");
    for (const QString &dir : dirs.split(u':', Qt::SkipEmptyParts)) {
        const QString path = dir + QStringLiteral("/autostart/teamai-tray.desktop");
        if (QFileInfo::exists(path))
            entries << path;
    }
    return entries;
}

QString LoginItem::location()
{
    QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (config.isEmpty())
        config = QDir::homePath() + QStringLiteral("/.config");
    return config + QStringLiteral("/autostart/teamai-tray.desktop");
}

bool LoginItem::isEnabled()
{
    if (QFileInfo::exists(location()))
        return !entryHidden(location());
    const QStringList system = systemEntries();
    return !system.isEmpty() && !entryHidden(system.first());
}

bool LoginItem::setEnabled(bool enabled, QString *error, const QString &executable)
{
    const QString path = LoginItem::location();
    const bool systemWide = !LoginItem::systemEntries().isEmpty();
    // Exec= needs quoting when the path has spaces (desktop entry spec, "Exec key").
    QString exec = loginitem::program(executable);
    if (exec.contains(u' '))
        exec = u'"' + exec + u'"';
    const QByteArray entry = QStringLiteral(
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=TeamAI Agent\n"
        "Comment=Keeps this machine's AI coding agents in step with TeamAI\n"
        "Exec=%1\n"
        "Icon=teamai\n"
        "Terminal=false\n").arg(exec).toUtf8();
    // The system-wide entry says it all (on), or there is nothing to start (off): no user
    // entry, and none left over hiding the system one.
    if (enabled == systemWide)
        return loginitem::removeEntry(path, error);
    return enabled ? loginitem::writeEntry(path, entry + "X-GNOME-Autostart-enabled=true\n", error)
                   : loginitem::writeEntry(path, entry + "Hidden=true\n", error);
}

} // namespace teamai::ui
