#pragma once

#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "sync/RunRecordOf.h"

#include <QJsonObject>

namespace teamai::test {

/// @brief The id of the ack complete()/requeueAck() queued, 0 for none (the assertions predate
/// the OutboxAck result).
inline qint64 ackIdOf(const std::optional<OutboxAck> &ack) { return ack ? ack->ackId : 0; }
inline qint64 ackIdOf(const Result<std::optional<OutboxAck>> &stored) { return ackIdOf(stored.valueOr(std::nullopt)); }

/// @brief Puts commands into a ledger in a chosen state, the way SyncSession does (admit, claim,
/// complete), for the Commands window and tray tests.
struct LedgerFixture {
    static qint64 admit(CommandLedger &ledger, qint64 id, const QString &type = QStringLiteral("uninstall_teamai"),
                        const QString &agent = QStringLiteral("claude"))
    {
        const Command command = Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), type},
                                                              {QStringLiteral("cmd"), QStringLiteral("teamai status")}});
        return ledger.admit(command, agent, QStringLiteral("agent-id")).row.rowId;
    }

    /// @brief Claimed by @p runner: this process by default (the tray runs it), elsewhere() for
    /// another agent process.
    static qint64 running(CommandLedger &ledger, qint64 id, const QString &agent = QStringLiteral("claude"),
                          const ProcessIdentity &runner = ProcessIdentity::current())
    {
        const qint64 row = admit(ledger, id, QStringLiteral("uninstall_teamai"), agent);
        ledger.claim(row, runner);
        return row;
    }

    /// @brief A runner that is not this process.
    static ProcessIdentity elsewhere() { return ProcessIdentity::of(1); }

    static qint64 finished(CommandLedger &ledger, qint64 id, CommandState state, const QByteArray &out = {},
                           const QByteArray &err = {}, const QString &error = {}, const QString &spill = {})
    {
        const qint64 row = running(ledger, id);
        CommandCompletion completion;
        completion.state = state;
        completion.delivery = state == CommandState::Rejected ? Delivery::NotDelivered : Delivery::Delivered;
        completion.error = error;
        if (state != CommandState::Rejected) {
            exec::ExecResult result;
            result.exitCode = state == CommandState::Succeeded ? 0 : 3;
            result.out.text = out;
            result.err.text = err;
            result.out.spillPath = spill;
            completion.run = runRecordOf(result);
        }
        completion.ackPayload = QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                                            {QStringLiteral("status"), state == CommandState::Succeeded ? QStringLiteral("success") : QStringLiteral("failed")},
                                            {QStringLiteral("error"), error}};
        if (const auto stored = ledger.complete(row, completion); !stored)
            qWarning("ledger fixture: %s", qPrintable(stored.error()));
        return row;
    }
};

} // namespace teamai::test
