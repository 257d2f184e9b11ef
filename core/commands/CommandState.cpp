#include "commands/CommandState.h"

#include <array>
#include <utility>

namespace teamai {
namespace {
constexpr std::array<std::pair<CommandState, const char *>, 7> kStates = {{
    {CommandState::Pending, "pending"},
    {CommandState::Running, "running"},
    {CommandState::Succeeded, "succeeded"},
    {CommandState::Failed, "failed"},
    {CommandState::Rejected, "rejected"},
    {CommandState::Skipped, "skipped"},
    {CommandState::Interrupted, "interrupted"},
}};
} // namespace

QString stateName(CommandState state)
{
    for (const auto &[value, name] : kStates) {
        if (value == state)
            return QString::fromLatin1(name);
    }
    return {};
}

std::optional<CommandState> stateFromName(const QString &name)
{
    for (const auto &[value, text] : kStates) {
        if (name == QLatin1String(text))
            return value;
    }
    return std::nullopt;
}

bool isFinal(CommandState state)
{
    return state != CommandState::Pending && state != CommandState::Running;
}

} // namespace teamai
