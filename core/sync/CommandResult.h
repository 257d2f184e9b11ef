#pragma once

#include "exec/ExecResult.h"

#include <QString>

#include <optional>

namespace teamai {

/// @brief What handling one command came to, before it is acknowledged.
struct CommandResult {
    enum class Outcome {
        Succeeded,  ///< it ran and worked: ack success
        Failed,     ///< it ran (or tried to) and failed: ack failed
        Rejected,   ///< refused before anything ran (kill switch, allowlist, bad input): ack failed
        Skipped,    ///< recognised and deliberately not handled: no ack
        Deferred,   ///< did not fit this run's time budget; back to pending for a later run
    };
    Outcome outcome = Outcome::Failed;
    QString error;                       ///< the ack error (SPEC §5 wording); empty on success
    QString reason;                      ///< why it was refused (kill switch: user, env, policy)
    QString version;                     ///< sent with the ack when known
    QString detail;                      ///< one human line for summaries and logs
    QString ackNote;                     ///< the ack's text on a success that left something alone (model config)
    std::optional<exec::ExecResult> exec;
    bool stopBatch = false;              ///< leave the rest of this sync's commands for later

    bool needsAck() const { return outcome != Outcome::Skipped && outcome != Outcome::Deferred; }
    bool success() const { return outcome == Outcome::Succeeded; }

    static CommandResult succeeded(QString detail, QString version = {})
    {
        CommandResult r;
        r.outcome = Outcome::Succeeded;
        r.detail = std::move(detail);
        r.version = std::move(version);
        return r;
    }
    static CommandResult failed(QString error)
    {
        CommandResult r;
        r.outcome = Outcome::Failed;
        r.detail = error;
        r.error = std::move(error);
        return r;
    }
    static CommandResult rejected(QString error)
    {
        CommandResult r = failed(std::move(error));
        r.outcome = Outcome::Rejected;
        return r;
    }
    static CommandResult deferred(QString detail)
    {
        CommandResult r;
        r.outcome = Outcome::Deferred;
        r.detail = std::move(detail);
        return r;
    }
    static CommandResult skipped(QString detail)
    {
        CommandResult r;
        r.outcome = Outcome::Skipped;
        r.detail = std::move(detail);
        return r;
    }
};

/// @brief "succeeded", "failed", "rejected", "skipped".
QString outcomeName(CommandResult::Outcome outcome);

} // namespace teamai
