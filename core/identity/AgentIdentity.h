#pragma once

#include <QString>

namespace teamai {

struct ToolInfo;

/// @brief The identity an agent reports to the backend (SPEC §3 "Identity"). Matches the reference
/// client so a machine that switches clients keeps its agent identity.
namespace identity {

/// @brief The OS machine id (Linux /etc/machine-id, macOS IOPlatformUUID, Windows MachineGuid),
/// trimmed, in its own case (macOS ids are upper case); the host name when there is none, as the
/// reference client does (docs/compatibility.md).
QString machineId();

/// @brief machineId()'s rule on given inputs: @p osId trimmed, else @p host, else empty.
QString machineIdFrom(const QString &osId, const QString &host);

/// @brief `sha1(agentType + machineId + sha1(installPath)[:8])[:16]`, lowercase hex.
QString computeLocalAgentId(const QString &agentType, const QString &machineId, const QString &installPath);

/// @brief `$HOME/<tool root>`, e.g. `/home/alice/.claude`.
QString installPath(const ToolInfo &tool);

/// @brief The id for @p tool on this machine; `TEAMAI_LOCAL_AGENT_ID` overrides it.
QString localAgentId(const ToolInfo &tool);

/// @brief Host name as the backend shows it.
QString hostName();

/// @brief The report's `os`: Node's `os.platform()` names (`linux`, `darwin`, `win32`, `freebsd`…).
QString osPlatform();

} // namespace identity
} // namespace teamai
