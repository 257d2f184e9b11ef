#pragma once

#include <QString>

/// @brief The keys of an entry of config.json's `workspaceBindings`, as the reference client names
/// them: AgentConfig validates them, binding/ reads and writes them, the tray and `teamai status`
/// show them.
namespace teamai::bindingkeys {

inline const QString kProjectId = QStringLiteral("projectId");
inline const QString kProjectName = QStringLiteral("projectName");
inline const QString kBoundAt = QStringLiteral("boundAt");
inline const QString kIdeType = QStringLiteral("ideType");
inline const QString kGroupId = QStringLiteral("groupId");  ///< the reference's older entries, before projects

} // namespace teamai::bindingkeys
