#include "commands/ResourceKind.h"

namespace teamai {

QString resourceKindName(ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::Skill: return QStringLiteral("skill");
    case ResourceKind::Rule: return QStringLiteral("rule");
    case ResourceKind::ClaudeMd: return QStringLiteral("claudemd");
    }
    return {};
}

} // namespace teamai
