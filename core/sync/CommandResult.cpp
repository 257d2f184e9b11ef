#include "sync/CommandResult.h"

namespace teamai {

QString outcomeName(CommandResult::Outcome outcome)
{
    switch (outcome) {
    case CommandResult::Outcome::Succeeded: return QStringLiteral("succeeded");
    case CommandResult::Outcome::Failed: return QStringLiteral("failed");
    case CommandResult::Outcome::Rejected: return QStringLiteral("rejected");
    case CommandResult::Outcome::Skipped: return QStringLiteral("skipped");
    case CommandResult::Outcome::Deferred: return QStringLiteral("deferred");
    }
    return {};
}

} // namespace teamai
