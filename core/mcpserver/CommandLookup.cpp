#include "mcpserver/CommandLookup.h"

#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

namespace teamai::mcpserver {

CommandLookup CommandLookup::find(LedgerDatabase &database, const AgentScope &scope, qint64 id)
{
    const auto failed = [](const QString &error) { return CommandLookup{std::nullopt, error}; };
    if (!database.isOpen()) {
        if (const Status opened = database.open(); !opened)
            return failed(QStringLiteral("the command ledger cannot be read: %1").arg(opened.error()));
    }
    CommandLedger ledger(database);
    // An index seek either way: (agent_type, command_id) for one agent, (command_id) for all.
    const Result<QList<LedgerCommand>> read = ledger.commandsWithId(id, scope.agent);
    if (!read)
        return failed(QStringLiteral("the command ledger cannot be read: %1").arg(read.error()));
    const QList<LedgerCommand> &rows = *read;
    if (rows.isEmpty())
        return failed(scope.agent.isEmpty() ? QStringLiteral("no command %1 in this machine's ledger").arg(id)
                                            : QStringLiteral("no command %1 for %2 in this machine's ledger").arg(id).arg(scope.agent));
    if (rows.size() > 1) {
        QStringList agents;
        for (const LedgerCommand &row : rows)
            agents << row.agentType;
        return failed(QStringLiteral("command %1 came for several agents (%2): say which with `agent`")
                          .arg(id).arg(agents.join(QStringLiteral(", "))));
    }
    return CommandLookup{rows.first(), {}};
}

} // namespace teamai::mcpserver
