#pragma once

#include "mcpserver/AgentScope.h"
#include "store/LedgerTypes.h"

#include <QString>

#include <optional>

namespace teamai {
class LedgerDatabase;
}

namespace teamai::mcpserver {

/// @brief The one ledger row a tool call about command `id` means, or the plain message that
/// says why there is none (unknown id, the ledger unreadable, or an id that came for several
/// agents when the scope is all of them).
struct CommandLookup {
    std::optional<LedgerCommand> row;
    QString error;

    static CommandLookup find(LedgerDatabase &database, const AgentScope &scope, qint64 id);
};

} // namespace teamai::mcpserver
