#include "desktop/LoginItem.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

namespace teamai::ui {
namespace {

QString program(const QString &executable)
{
    return executable.isEmpty() ? QCoreApplication::applicationFilePath() : executable;
}

#if defined(Q_OS_WIN)
const QString kRunKey = QStringLiteral("HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run");
const QString kValue = QStringLiteral("TeamAI Agent");
#elif defined(Q_OS_MACOS)
const QString kLabel = QStringLiteral("com.teamai.tray");
#endif

#if !defined(Q_OS_WIN) && !defined(Q_OS_MACOS)
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
#endif

#if !defined(Q_OS_WIN)
bool writeEntry(const QString &path, const QByteArray &content, QString *error)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = QStringLiteral("cannot create %1").arg(QFileInfo(path).absolutePath());
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool removeEntry(const QString &path, QString *error)
{
    if (QFile::exists(path) && !QFile::remove(path)) {
        *error = QStringLiteral("cannot remove %1").arg(path);
        return false;
    }
    return true;
}
#endif

#if defined(Q_OS_WIN)
bool setRunValue(bool enabled, QString *error, const QString &executable)
{
    QSettings run(kRunKey, QSettings::NativeFormat);
    if (enabled)
        run.setValue(kValue, QStringLiteral("\"%1\"").arg(QDir::toNativeSeparators(program(executable))));
    else
        run.remove(kValue);
    run.sync();
    if (run.status() != QSettings::NoError) {
        *error = QStringLiteral("cannot change %1").arg(LoginItem::location());
        return false;
    }
    return true;
}
#elif defined(Q_OS_MACOS)
bool setLaunchAgent(bool enabled, QString *error, const QString &executable)
{
    const QString path = LoginItem::location();
    if (!enabled)
        return removeEntry(path, error);
    const QByteArray content = QStringLiteral(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        "<plist version=\"1.0\"><dict>\n"
        "  <key>Label</key><string>%1</string>\n"
        "  <key>ProgramArguments</key><array><string>%2</string></array>\n"
        "  <key>RunAtLoad</key><true/>\n"
        "</dict></plist>\n").arg(kLabel, program(executable).toHtmlEscaped()).toUtf8();
    return writeEntry(path, content, error);
}
#else
bool setAutostartEntry(bool enabled, QString *error, const QString &executable)
{
    const QString path = LoginItem::location();
    const bool systemWide = !LoginItem::systemEntries().isEmpty();
    // Exec= needs quoting when the path has spaces (desktop entry spec, "Exec key").
    QString exec = program(executable);
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
        return removeEntry(path, error);
    return enabled ? writeEntry(path, entry + "X-GNOME-Autostart-enabled=true\n", error)
                   : writeEntry(path, entry + "Hidden=true\n", error);
}
#endif

} // namespace

QStringList LoginItem::systemEntries()
{
    QStringList entries;
#if !defined(Q_OS_WIN) && !defined(Q_OS_MACOS)
    QString dirs = qEnvironmentVariable("XDG_CONFIG_DIRS");
    if (dirs.isEmpty())
        dirs = QStringLiteral("/etc/xdg");
    for (const QString &dir : dirs.split(u':', Qt::SkipEmptyParts)) {
        const QString path = dir + QStringLiteral("/autostart/teamai-tray.desktop");
        if (QFileInfo::exists(path))
            entries << path;
    }
#endif
    return entries;
}

QString LoginItem::location()
{
#if defined(Q_OS_WIN)
    return kRunKey + u'\\' + kValue;
#elif defined(Q_OS_MACOS)
    return QDir::homePath() + QStringLiteral("/Library/LaunchAgents/") + kLabel + QStringLiteral(".plist");
#else
    QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (config.isEmpty())
        config = QDir::homePath() + QStringLiteral("/.config");
    return config + QStringLiteral("/autostart/teamai-tray.desktop");
#endif
}

bool LoginItem::isEnabled()
{
#if defined(Q_OS_WIN)
    return QSettings(kRunKey, QSettings::NativeFormat).contains(kValue);
#elif defined(Q_OS_MACOS)
    return QFileInfo::exists(location());
#else
    if (QFileInfo::exists(location()))
        return !entryHidden(location());
    const QStringList system = systemEntries();
    return !system.isEmpty() && !entryHidden(system.first());
#endif
}

bool LoginItem::setEnabled(bool enabled, QString *error, const QString &executable)
{
#if defined(Q_OS_WIN)
    return setRunValue(enabled, error, executable);
#elif defined(Q_OS_MACOS)
    return setLaunchAgent(enabled, error, executable);
#else
    return setAutostartEntry(enabled, error, executable);
#endif
}

} // namespace teamai::ui
