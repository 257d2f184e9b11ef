#pragma once

#include <QString>

namespace teamai {

/// @brief What kind of resource a resource command is about. Decided by the command's route from
/// its wire type (`routeCommand`), so it lives with the command model; resources/ (a higher row)
/// includes this header alone, not the command model (docs/architecture.md).
enum class ResourceKind { Skill, Rule, ClaudeMd };

/// @brief Name used in logs and summaries: "skill", "rule", "claudemd".
QString resourceKindName(ResourceKind kind);

} // namespace teamai
