#include "config/AdminPolicy.h"

namespace teamai {

QString AdminPolicy::systemPath()
{
    return QStringLiteral("/etc/teamai/policy.json");
}

} // namespace teamai
