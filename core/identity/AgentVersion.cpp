#include "identity/AgentVersion.h"

#include "tools/ToolTable.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

namespace teamai::agentversion {
namespace {

constexpr int kProbeTimeoutMs = 3000;

QString firstCapture(const QString &pattern, const QString &text)
{
    const QRegularExpressionMatch match = QRegularExpression(pattern).match(text);
    return match.hasMatch() ? match.captured(1) : QString();
}

/// `<binary> --version` run directly (no shell); the reference's probe: exit 0, stdout else stderr.
QString probe(const QString &binary)
{
    QProcess process;
    process.setProgram(binary);
    process.setArguments({QStringLiteral("--version")});
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    if (!process.waitForFinished(kProbeTimeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return {};
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return {};
    const QString out = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    return out.isEmpty() ? QString::fromUtf8(process.readAllStandardError()).trimmed() : out;
}

QString findBinary(const QString &name)
{
    for (const QString &folder : searchFolders()) {
        const QFileInfo info(folder + u'/' + name);
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

QString plistVersion(const QString &appPath)
{
    QFile file(appPath + QStringLiteral("/Contents/Info.plist"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return firstCapture(QStringLiteral("<key>CFBundleShortVersionString</key>\\s*<string>([^<]+)</string>"),
                        QString::fromUtf8(file.readAll()));
}

QString cachePath()
{
    return paths::agentStateDir() + QStringLiteral("/agent-versions.json");
}

/// A stamp that changes when the binary is replaced (upgrade): path, size and mtime.
QString stampOf(const QFileInfo &binary)
{
    return QStringLiteral("%1|%2|%3").arg(binary.absoluteFilePath()).arg(binary.size())
        .arg(binary.lastModified().toMSecsSinceEpoch());
}

QString cachedOrProbed(const QString &toolName, const QString &binary)
{
    const QString stamp = stampOf(QFileInfo(binary));
    QJsonObject cache = jsonfile::readObject(cachePath()).object;
    const QJsonObject entry = cache.value(toolName).toObject();
    if (entry.value(QStringLiteral("stamp")).toString() == stamp)
        return entry.value(QStringLiteral("version")).toString();
    const QString version = parseVersionOutput(toolName, probe(binary));
    cache.insert(toolName, QJsonObject{{QStringLiteral("stamp"), stamp}, {QStringLiteral("version"), version}});
    if (paths::ensurePrivateDir(paths::agentStateDir()))
        (void)jsonfile::writeObject(cachePath(), cache);  // best effort: a miss only costs a probe
    return version;
}

QString detect(const ToolInfo &tool)
{
    if (tool.name == QLatin1String("workbuddy"))
        return plistVersion(QStringLiteral("/Applications/WorkBuddy.app"));
    static const QStringList probed = {QStringLiteral("claude"), QStringLiteral("cursor"), QStringLiteral("codebuddy"),
                                       QStringLiteral("hermes"), QStringLiteral("openclaw"), QStringLiteral("dsh")};
    if (!probed.contains(tool.name))
        return {};
    const QString binary = findBinary(tool.name);
    return binary.isEmpty() ? QString() : cachedOrProbed(tool.name, binary);
}

} // namespace

QString parseVersionOutput(const QString &toolName, const QString &output)
{
    if (output.isEmpty())
        return {};
    if (toolName == QLatin1String("claude")) {
        const QString version = firstCapture(QStringLiteral("^([\\d.]+)"), output);
        return version.isEmpty() ? output : version;
    }
    if (toolName == QLatin1String("cursor"))
        return output.section(u'\n', 0, 0).trimmed();
    if (toolName == QLatin1String("codebuddy"))
        return output;
    if (toolName == QLatin1String("hermes"))
        return firstCapture(QStringLiteral("^\\(?(\\d+(?:\\.\\d+)*)\\)?"), output);
    if (toolName == QLatin1String("openclaw"))
        return firstCapture(QStringLiteral("^([\\d.]+)"), output);
    if (toolName == QLatin1String("dsh"))
        return firstCapture(QStringLiteral("v?(\\d+(?:\\.\\d+)*)"), output);
    return {};
}

QStringList searchFolders()
{
    const QString home = paths::homeDir();
    return {home + QStringLiteral("/.local/bin"), home + QStringLiteral("/.npm-global/bin"), home + QStringLiteral("/bin"),
            QStringLiteral("/usr/local/bin"), QStringLiteral("/opt/homebrew/bin"), QStringLiteral("/usr/bin")};
}

QString of(const ToolInfo &tool)
{
    // Once per process: the report is built more than once in a round.
    static QHash<QString, QString> memo;
    const QString key = paths::homeDir() + u'|' + tool.name;
    if (!memo.contains(key))
        memo.insert(key, detect(tool));
    return memo.value(key);
}

} // namespace teamai::agentversion
