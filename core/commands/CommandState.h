#pragma once

#include <QString>

#include <optional>

namespace teamai {

/// @brief Where a command is in its life (SPEC §7). Only pending → running → a final state, or
/// pending → rejected/skipped, or running → interrupted (found after a crash). The ledger
/// stores it by name; the pushed-command allowlist checks `history --state` against the names.
enum class CommandState { Pending, Running, Succeeded, Failed, Rejected, Skipped, Interrupted };

QString stateName(CommandState state);
std::optional<CommandState> stateFromName(const QString &name);
bool isFinal(CommandState state);

} // namespace teamai
