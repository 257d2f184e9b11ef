#include "CompatFixture.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

namespace teamai::test {

bool ourSync(const TestEnvironment &env, const QString &tool, const QStringList &extraEnvironment)
{
    const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool, QStringLiteral("--json")}, {},
                                    QStringList{QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()} + extraEnvironment,
                                    60000, env.home());
    if (!run.finished || run.exitCode != 0)
        qWarning("teamai sync: %s", run.err.constData());
    return run.finished && run.exitCode == 0;
}

bool ackedSuccess(DevServerProcess &server, qint64 id)
{
    const QJsonObject ack = server.waitForAck(id, 60000);
    const bool ok = ack.value(QStringLiteral("status")).toString() == QLatin1String("success")
        && ack.value(QStringLiteral("error")).toString().isEmpty();
    if (!ok)
        qWarning("ack %lld: %s", qlonglong(id), QJsonDocument(ack).toJson(QJsonDocument::Compact).constData());
    return ok;
}

void addToolRows(const QStringList &tools)
{
    QTest::addColumn<QString>("tool");
    for (const QString &tool : tools)
        QTest::newRow(qPrintable(tool)) << tool;
}

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
