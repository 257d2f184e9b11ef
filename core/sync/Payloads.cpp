#include "sync/Payloads.h"

#include "config/AgentConfig.h"
#include "identity/AgentIdentity.h"
#include "identity/AgentVersion.h"
#include "mcp/McpReport.h"
#include "modelconfig/ReportedModels.h"
#include "resources/InstalledResources.h"
#include "resources/Manifest.h"
#include "sync/RecordHealth.h"
#include "binding/ReportWorkspaces.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QJsonArray>

namespace teamai::payloads {
namespace {

void insertIfNotEmpty(QJsonObject &object, const QString &key, const QJsonArray &list)
{
    if (!list.isEmpty())
        object.insert(key, list);
}

/// `user_level` without its lists: the reference sends `userGroupId` as stored and leaves the key
/// out when the config has none (JSON.stringify drops undefined).
QJsonObject userLevelBase(const AgentConfig &config)
{
    QJsonObject userLevel;
    const QJsonValue groupId = config.toJson().value(QStringLiteral("userGroupId"));
    if (!groupId.isUndefined())
        userLevel.insert(QStringLiteral("group_id"), groupId);
    return userLevel;
}

QString startedAtOf(const AgentConfig &config, const QDateTime &fallback)
{
    const QString createdAt = config.createdAt();
    return createdAt.isEmpty() ? fallback.toUTC().toString(Qt::ISODateWithMs) : createdAt;
}

} // namespace

QJsonObject report(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt,
                   const QString &cwd)
{
    return reportFor(tool, config, status, startedAt, reportworkspaces::select(tool, config, cwd));
}

QJsonObject reportFor(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt,
                      const QJsonArray &selected)
{
    const Manifest::Loaded loaded = Manifest::load();
    const Manifest &manifest = loaded.manifest;
    // A damaged manifest cannot tell the team's skills from the user's: send no lists (the
    // backend keeps its last snapshot) rather than lists that call every skill `local`.
    const bool listsKnown = loaded.error.isEmpty();
    if (!listsKnown) {
        if (const auto broken = records::brokenManifest())
            records::logOnce(*broken);
    }
    QJsonObject userLevel = userLevelBase(config);
    if (listsKnown) {
        insertIfNotEmpty(userLevel, QStringLiteral("skills"),
                         installed::skills(paths::homeDir(), tool, manifest, Manifest::userScopeKey()));
        insertIfNotEmpty(userLevel, QStringLiteral("rules"),
                         installed::rules(paths::homeDir(), tool, manifest, Manifest::userScopeKey()));
    }
    insertIfNotEmpty(userLevel, QStringLiteral("mcps"), mcp::report::userServers(tool));
    insertIfNotEmpty(userLevel, QStringLiteral("models"), modelconfig::reportedModels(tool.name));

    QJsonObject body{
        {QStringLiteral("agent_type"), tool.agentType},
        {QStringLiteral("agent_version"), agentversion::of(tool)},
        {QStringLiteral("local_agent_id"), identity::localAgentId(tool)},
        {QStringLiteral("host_name"), identity::hostName()},
        {QStringLiteral("os"), identity::osPlatform()},
        {QStringLiteral("started_at"), startedAtOf(config, startedAt)},
        {QStringLiteral("last_status"), status},
        {QStringLiteral("user_level"), userLevel},
    };
    QJsonArray workspaces;
    for (const QJsonValue &entry : selected) {
        QJsonObject workspace = entry.toObject();
        const QString path = workspace.value(QStringLiteral("path")).toString();
        const QString scope = Manifest::projectScopeKey(path);
        if (listsKnown) {
            insertIfNotEmpty(workspace, QStringLiteral("skills"), installed::skills(path, tool, manifest, scope));
            insertIfNotEmpty(workspace, QStringLiteral("rules"), installed::rules(path, tool, manifest, scope));
        }
        insertIfNotEmpty(workspace, QStringLiteral("mcps"), mcp::report::workspaceServers(tool, path));
        insertIfNotEmpty(workspace, QStringLiteral("models"), modelconfig::reportedModels(tool.name, path));
        workspaces.append(workspace);
    }
    insertIfNotEmpty(body, QStringLiteral("workspaces"), workspaces);
    return body;
}

QJsonObject sync(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QString &cwd)
{
    return syncFor(tool, status, reportworkspaces::select(tool, config, cwd));
}

QJsonObject syncFor(const ToolInfo &tool, const QString &status, const QJsonArray &workspaces)
{
    QJsonObject body{
        {QStringLiteral("agent_type"), tool.agentType},
        {QStringLiteral("local_agent_id"), identity::localAgentId(tool)},
        {QStringLiteral("status"), status},
    };
    insertIfNotEmpty(body, QStringLiteral("workspaces"), workspaces);
    return body;
}

QJsonObject ack(qint64 id, const QString &type, bool success, const QString &error, const QString &version,
                const QString &successNote)
{
    QJsonObject body{
        {QStringLiteral("id"), id},
        {QStringLiteral("type"), type},
        {QStringLiteral("status"), success ? QStringLiteral("success") : QStringLiteral("failed")},
        {QStringLiteral("error"), success ? successNote : error},
    };
    if (!version.isEmpty())
        body.insert(QStringLiteral("version"), version);
    return body;
}

} // namespace teamai::payloads
