#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace teamai {

class AgentConfig;
struct ToolInfo;

/// @brief Builds the SPEC §3 request bodies. Pure functions of their inputs and the disk, so
/// they are easy to test and the same for the CLI and the tray.
namespace payloads {

/// @brief `report`: identity, host, the on-disk skills and rules of the user level and of each
/// bound workspace. Empty lists are omitted (a present list is a full snapshot).
QJsonObject report(const ToolInfo &tool, const AgentConfig &config, const QString &status, const QDateTime &startedAt);

/// @brief `sync`: identity, status and the bound workspaces.
QJsonObject sync(const ToolInfo &tool, const AgentConfig &config, const QString &status);

/// @brief `ack`: `{id, type, status: success|failed, error, version?}`.
QJsonObject ack(qint64 id, const QString &type, bool success, const QString &error, const QString &version);

} // namespace payloads
} // namespace teamai
