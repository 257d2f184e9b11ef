#include "sync/Payloads.h"

#include "Version.h"
#include "config/AgentConfig.h"
#include "identity/AgentIdentity.h"
#include "resources/InstalledResources.h"
#include "resources/Manifest.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QFileInfo>
#include <QJsonArray>

namespace teamai::payloads {
namespace {

void insertIfNotEmpty(QJsonObject &object, const QString &key, const QJsonArray &list)
{
    if (!list.isEmpty())
        object.insert(key, list);
}

QJsonObject workspaceBase(const AgentConfig::WorkspaceBinding &binding)
{
    return QJsonObject{
        {QStringLiteral("path"), binding.path},
        {QStringLiteral("name"), binding.projectName.isEmpty() ? QFileInfo(binding.path).fileName() : binding.projectName},
        {QStringLiteral("ide_type"), binding.ideType},
        {QStringLiteral("project_id"), binding.projectId},
    };
}

} // namespace

QJsonObject report(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt)
{
    const Manifest manifest = Manifest::load().manifest;
    QJsonObject userLevel{{QStringLiteral("group_id"), config.userGroupId()}};
    insertIfNotEmpty(userLevel, QStringLiteral("skills"),
                     installed::skills(paths::homeDir(), tool, manifest, Manifest::userScopeKey()));
    insertIfNotEmpty(userLevel, QStringLiteral("rules"),
                     installed::rules(paths::homeDir(), tool, manifest, Manifest::userScopeKey()));

    QJsonObject body{
        {QStringLiteral("agent_type"), tool.name},
        {QStringLiteral("agent_version"), QString::fromLatin1(kVersion)},
        {QStringLiteral("local_agent_id"), identity::localAgentId(tool)},
        {QStringLiteral("host_name"), identity::hostName()},
        {QStringLiteral("os"), identity::osDescription()},
        {QStringLiteral("started_at"), startedAt.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("last_status"), status},
        {QStringLiteral("user_level"), userLevel},
    };
    QJsonArray workspaces;
    for (const AgentConfig::WorkspaceBinding &binding : config.workspaceBindings()) {
        QJsonObject workspace = workspaceBase(binding);
        const QString scope = Manifest::projectScopeKey(binding.path);
        insertIfNotEmpty(workspace, QStringLiteral("skills"), installed::skills(binding.path, tool, manifest, scope));
        insertIfNotEmpty(workspace, QStringLiteral("rules"), installed::rules(binding.path, tool, manifest, scope));
        workspaces.append(workspace);
    }
    insertIfNotEmpty(body, QStringLiteral("workspaces"), workspaces);
    return body;
}

QJsonObject sync(const ToolInfo &tool, const AgentConfig &config, const QString &status)
{
    QJsonObject body{
        {QStringLiteral("agent_type"), tool.name},
        {QStringLiteral("local_agent_id"), identity::localAgentId(tool)},
        {QStringLiteral("status"), status},
    };
    QJsonArray workspaces;
    for (const AgentConfig::WorkspaceBinding &binding : config.workspaceBindings())
        workspaces.append(workspaceBase(binding));
    insertIfNotEmpty(body, QStringLiteral("workspaces"), workspaces);
    return body;
}

QJsonObject ack(qint64 id, const QString &type, bool success, const QString &error, const QString &version)
{
    QJsonObject body{
        {QStringLiteral("id"), id},
        {QStringLiteral("type"), type},
        {QStringLiteral("status"), success ? QStringLiteral("success") : QStringLiteral("failed")},
        {QStringLiteral("error"), success ? QString() : error},
    };
    if (!version.isEmpty())
        body.insert(QStringLiteral("version"), version);
    return body;
}

} // namespace teamai::payloads
