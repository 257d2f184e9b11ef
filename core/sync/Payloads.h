#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace teamai {

class AgentConfig;
struct ToolInfo;

/// @brief Builds the SPEC §3 request bodies. Pure functions of their inputs and the disk, so
/// they are easy to test and the same for the CLI and the tray.
namespace payloads {

/// @brief `report`: identity, host, the on-disk skills and rules of the user level and of each
/// workspace (reportworkspaces::select for @p cwd). Empty lists are omitted (a present list is a
/// full snapshot). Field by field as the reference client sends them: `agent_type` normalized,
/// `agent_version` the tool's own, `os` the platform name, `started_at` the config's `createdAt`
/// (@p startedAt only when the config has none), `user_level.group_id` the config's `userGroupId`
/// as stored (absent when it is), `mcps` (user level and each workspace) the MCP servers
/// managed-mcp.json lists for the tool (mcp::report).
QJsonObject report(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt,
                   const QString &cwd = {});

/// @brief report() with the workspaces already chosen (reportworkspaces::select): a round
/// chooses them once for its report and its sync.
QJsonObject reportFor(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt,
                      const QJsonArray &workspaces);

/// @brief `sync`: identity, status and the workspaces (as in report(), without resources).
QJsonObject sync(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QString &cwd = {});

/// @brief sync() with the workspaces already chosen (reportworkspaces::select).
QJsonObject syncFor(const ToolInfo &tool, const QString &status, const QJsonArray &workspaces);

/// @brief `ack`: `{id, type, status: success|failed, error, version?}`. `error` is @p error on a
/// failure; on a success it is @p successNote — empty, unless the command left something of the
/// user's alone and says so (apply_model_config).
QJsonObject ack(qint64 id, const QString &type, bool success, const QString &error, const QString &version,
                const QString &successNote = {});

} // namespace payloads
} // namespace teamai
