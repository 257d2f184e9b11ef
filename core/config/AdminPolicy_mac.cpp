#include "config/AdminPolicy.h"

namespace teamai {

QString AdminPolicy::systemPath()
{
    return QStringLiteral("/Library/Application Support/TeamAI/policy.json");
}

} // namespace teamai
