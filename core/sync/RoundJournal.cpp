#include "sync/RoundJournal.h"

#include "log/ErrorJournal.h"
#include "sync/SyncSession.h"

namespace teamai {

void journalRound(const QString &event, const QString &tool, const SyncSummary &summary)
{
    if (!summary.reportSkipped && !summary.reportOk)
        recordHookError(event, tool, QStringLiteral("report failed: %1").arg(summary.reportError));
    if (!summary.syncOk)
        recordHookError(event, tool, QStringLiteral("sync failed: %1").arg(summary.syncError));
    for (const CommandOutcome &outcome : summary.outcomes) {
        if (outcome.ackSent && !outcome.ackDelivered)
            recordHookError(event, tool, QStringLiteral("ack of command %1 failed: %2")
                                             .arg(outcome.command.id.value_or(-1))
                                             .arg(outcome.ackError));
    }
}

} // namespace teamai
