#include "cli/StatusInventory.h"

#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "config/BindingKeys.h"
#include "mcp/McpManifest.h"
#include "mcp/McpRegistration.h"
#include "modelconfig/GatewayStatus.h"
#include "tools/ToolTable.h"

#include <QFileInfo>
#include <QJsonArray>

#include <functional>

namespace teamai::cli {
namespace {

constexpr int kLabelWidth = 17;  // "Remote commands: " — the widest label of the status

QString label(const QString &name) { return QString(name + QLatin1Char(':')).leftJustified(kLabelWidth); }

/// One section of the status: @p name's label with @p none when there are no @p rows, else
/// @p count given their number; then @p rowLine of each row.
QStringList section(const QString &name, const QJsonArray &rows, const QString &none, const QString &count,
                    const std::function<QString(const QJsonObject &)> &rowLine)
{
    QStringList lines{label(name) + (rows.isEmpty() ? none : count.arg(rows.size()))};
    for (const QJsonValue &value : rows)
        lines << rowLine(value.toObject());
    return lines;
}

/// Appends one `{tool, scope, workspace, servers}` row per tool the manifest lists servers for.
void addServers(const mcp::McpManifest &manifest, bool project, const QString &workspace, QJsonArray *rows)
{
    for (const ToolInfo &tool : knownTools()) {
        const QStringList names = manifest.names(mcp::McpManifest::key(tool.name, project));
        if (names.isEmpty())
            continue;
        rows->append(QJsonObject{{QStringLiteral("tool"), tool.name},
                                 {QStringLiteral("scope"), project ? QStringLiteral("project") : QStringLiteral("user")},
                                 {QStringLiteral("workspace"), workspace},
                                 {QStringLiteral("servers"), QJsonArray::fromStringList(names)}});
    }
}

/// The agents `teamai init --mcp` registered our own MCP server for, and where.
QJsonArray ownServerRegistrations()
{
    QJsonArray rows;
    for (const ToolInfo &tool : knownTools()) {
        const QString file = mcp::registration::recordedFile(tool);
        if (!file.isEmpty())
            rows.append(QJsonObject{{QStringLiteral("tool"), tool.name}, {QStringLiteral("file"), file}});
    }
    return rows;
}

QJsonObject mcpServers(const QStringList &workspaces)
{
    QJsonArray rows;
    QStringList errors;
    const mcp::McpManifest::Loaded user = mcp::McpManifest::loadUser();
    if (user.manifest)
        addServers(*user.manifest, false, QString(), &rows);
    else if (!user.error.isEmpty())
        errors << user.error;
    for (const QString &workspace : workspaces) {
        const mcp::McpManifest::Loaded project = mcp::McpManifest::loadProject(workspace);
        if (project.manifest)
            addServers(*project.manifest, true, workspace, &rows);
        else if (!project.error.isEmpty())
            errors << project.error;
    }
    return QJsonObject{{QStringLiteral("installed"), rows},
                       {QStringLiteral("errors"), QJsonArray::fromStringList(errors)},
                       {QStringLiteral("teamai_registered"), ownServerRegistrations()}};
}

QJsonArray modelGateways()
{
    QJsonArray rows;
    for (const modelconfig::GatewayInUse &gateway : modelconfig::gatewaysInUse()) {
        rows.append(QJsonObject{{QStringLiteral("tool"), gateway.kind},
                                {QStringLiteral("workspace"), gateway.workspace},
                                {QStringLiteral("gateways"), QJsonArray::fromStringList(gateway.gateways)},
                                {QStringLiteral("models"), QJsonArray::fromStringList(gateway.models)},
                                {QStringLiteral("file"), gateway.file},
                                {QStringLiteral("since"), gateway.since.isValid() ? gateway.since.toString(Qt::ISODate) : QString()}});
    }
    return rows;
}

QJsonArray bindingRows(const QJsonObject &all)
{
    QJsonArray rows;
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        const bool skipped = binding::bindings::isSkipped(entry);
        rows.append(QJsonObject{{QStringLiteral("path"), it.key()},
                                {QStringLiteral("project_id"), binding::bindings::projectIdText(entry)},
                                {QStringLiteral("project_name"), skipped ? QString() : entry.value(QStringLiteral("projectName")).toString()},
                                {QStringLiteral("skipped"), skipped},
                                {QStringLiteral("bound_at"), entry.value(bindingkeys::kBoundAt).toString()},
                                {QStringLiteral("ide_type"), entry.value(bindingkeys::kIdeType).toString()}});
    }
    return rows;
}

QStringList serverLines(const QJsonObject &servers)
{
    const QJsonArray rows = servers.value(QStringLiteral("installed")).toArray();
    QStringList lines = section(QStringLiteral("MCP servers"), rows, QStringLiteral("none installed by the backend"),
                                QStringLiteral("installed by the backend for %1 tool(s)"), [](const QJsonObject &row) {
        const QString where = row.value(QStringLiteral("workspace")).toString();
        return QStringLiteral("  %1 (%2)  %3").arg(row.value(QStringLiteral("tool")).toString(),
                                                  where.isEmpty() ? QStringLiteral("user") : where,
                                                  row.value(QStringLiteral("servers")).toVariant().toStringList().join(QStringLiteral(", ")));
    });
    for (const QJsonValue &error : servers.value(QStringLiteral("errors")).toArray())
        lines << QStringLiteral("  ERROR %1").arg(error.toString());
    for (const QJsonValue &value : servers.value(QStringLiteral("teamai_registered")).toArray())
        lines << QStringLiteral("  %1  teamai (ours, `teamai init --mcp`) in %2")
                     .arg(value.toObject().value(QStringLiteral("tool")).toString(), value.toObject().value(QStringLiteral("file")).toString());
    return lines;
}

QStringList gatewayLines(const QJsonArray &rows)
{
    return section(QStringLiteral("Model gateways"), rows, QStringLiteral("none configured by the backend"),
                   QStringLiteral("%1 configured by the backend"), [](const QJsonObject &row) {
        const QString since = row.value(QStringLiteral("since")).toString();
        return QStringLiteral("  %1  %2  in %3%4").arg(row.value(QStringLiteral("tool")).toString(),
                                                      row.value(QStringLiteral("gateways")).toVariant().toStringList().join(QStringLiteral(", ")),
                                                      row.value(QStringLiteral("file")).toString(),
                                                      since.isEmpty() ? QString() : QStringLiteral(" since ") + since);
    });
}

QStringList bindingLines(const QJsonArray &rows, const QString &error)
{
    if (!error.isEmpty())
        return {label(QStringLiteral("Workspaces")) + QStringLiteral("ERROR ") + error};
    return section(QStringLiteral("Workspaces"), rows, QStringLiteral("none bound to a project"), QStringLiteral("%1 binding(s)"),
                   [](const QJsonObject &row) {
        const QString project = row.value(QStringLiteral("skipped")).toBool()
                                    ? QStringLiteral("(not bound: skipped)")
                                    : QStringLiteral("%1 (#%2)").arg(row.value(QStringLiteral("project_name")).toString(),
                                                                     row.value(QStringLiteral("project_id")).toString());
        return QStringLiteral("  %1  →  %2").arg(row.value(QStringLiteral("path")).toString(), project);
    });
}

} // namespace

StatusInventory StatusInventory::collect()
{
    const binding::BindingStore::Outcome bound = binding::BindingStore().read();
    const QJsonObject all = bound.ok ? bound.bindings : QJsonObject();
    // A missing config.json is "not set up", which the endpoint line already says.
    const QString bindingError = bound.ok || !QFileInfo::exists(AgentConfig::defaultPath()) ? QString() : bound.error;
    const QJsonObject servers = mcpServers(binding::bindings::boundWorkspaces(all));
    const QJsonArray gateways = modelGateways();
    const QJsonArray bindings = bindingRows(all);
    StatusInventory inventory;
    inventory.json = QJsonObject{{QStringLiteral("mcp_servers"), servers},
                                 {QStringLiteral("model_gateways"), gateways},
                                 {QStringLiteral("bindings"), QJsonObject{{QStringLiteral("workspaces"), bindings},
                                                                          {QStringLiteral("error"), bindingError}}}};
    inventory.lines << serverLines(servers) << gatewayLines(gateways) << bindingLines(bindings, bindingError);
    return inventory;
}

} // namespace teamai::cli
