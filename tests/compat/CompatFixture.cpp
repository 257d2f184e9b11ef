#include "CompatFixture.h"

#include "DevServerProcess.h"

#include <QJsonArray>
#include <QtTest>

namespace teamai::test {

QString instructionFileOf(const QString &tool)
{
    if (tool == QLatin1String("codebuddy"))
        return QStringLiteral(".codebuddy/CODEBUDDY.md");
    if (tool == QLatin1String("workbuddy"))
        return QStringLiteral("AGENTS.md");
    return QStringLiteral(".claude/CLAUDE.md");
}

QString settingsFileOf(const QString &tool)
{
    return QStringLiteral(".%1/settings.json").arg(tool);
}

QJsonObject claudemdCommand(qint64 id, const DevServerProcess &server, const QString &slug, bool install)
{
    QJsonObject object{{QStringLiteral("id"), id},
                       {QStringLiteral("type"), install ? QStringLiteral("install_claudemd") : QStringLiteral("uninstall_claudemd")},
                       {QStringLiteral("scope"), QStringLiteral("user")},
                       {QStringLiteral("claudemd_slug"), slug}};
    if (install)
        object.insert(QStringLiteral("download_url"), QString(server.baseUrl() + QStringLiteral("/download/claudemd/") + slug + QStringLiteral(".md")));
    return object;
}

QStringList sectionBlocks(const QByteArray &instruction)
{
    if (instruction.count("<!-- [teamai:claudemd:start] -->") != 1 || instruction.count("<!-- [teamai:claudemd:end] -->") != 1)
        return {};
    QStringList slugs;
    for (const QByteArray &line : instruction.split('\n')) {
        if (line.startsWith("## TeamAI block "))
            slugs.append(QString::fromUtf8(line.mid(16)));
    }
    return slugs;
}

QList<SettingsHook> hooksIn(const QJsonObject &settings)
{
    QList<SettingsHook> found;
    const QJsonObject hooks = settings.value(QStringLiteral("hooks")).toObject();
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        for (const QJsonValue &group : it.value().toArray()) {
            for (const QJsonValue &hook : group.toObject().value(QStringLiteral("hooks")).toArray())
                found.append({it.key(), group.toObject(), hook.toObject()});
        }
    }
    return found;
}

} // namespace teamai::test
