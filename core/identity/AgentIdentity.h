#pragma once

#include <QString>

namespace teamai {

struct ToolInfo;

/// @brief The identity an agent reports to the backend (SPEC §3 "Identity"). Matches the reference
/// client so a machine that switches clients keeps its agent identity.
namespace identity {

/// @brief The OS machine id (Linux /etc/machine-id, macOS IOPlatformUUID, Windows MachineGuid),
/// lowercase, trimmed; empty when unknown.
QString machineId();

/// @brief `sha1(agentType + machineId + sha1(installPath)[:8])[:16]`, lowercase hex.
QString computeLocalAgentId(const QString &agentType, const QString &machineId, const QString &installPath);

/// @brief `$HOME/<tool root>`, e.g. `/home/alice/.claude`.
QString installPath(const ToolInfo &tool);

/// @brief The id for @p tool on this machine; `TEAMAI_LOCAL_AGENT_ID` overrides it.
QString localAgentId(const ToolInfo &tool);

/// @brief Host name as the backend shows it.
QString hostName();

/// @brief Short OS description, e.g. "linux 6.1 (Debian GNU/Linux 12 (bookworm))".
QString osDescription();

} // namespace identity
} // namespace teamai
