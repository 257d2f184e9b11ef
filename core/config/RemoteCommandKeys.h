#pragma once

#include <QString>

/// @brief The keys of the remote-command switch: the administrator's policy.json mirrors the
/// user's settings.json on purpose (docs/policy.md), so AgentSettings and AdminPolicy read the
/// same `remoteCommands.enabled`.
namespace teamai::remotecommandkeys {

inline const QString kRemoteCommands = QStringLiteral("remoteCommands");
inline const QString kEnabled = QStringLiteral("enabled");

} // namespace teamai::remotecommandkeys
