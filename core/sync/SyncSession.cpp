#include "sync/SyncSession.h"

#include "config/AgentConfig.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "sync/CommandContext.h"
#include "sync/CommandDispatcher.h"
#include "sync/Payloads.h"
#include "tools/ToolTable.h"

#include <QElapsedTimer>

namespace teamai {

bool SyncSummary::allAcksDelivered() const
{
    for (const CommandOutcome &outcome : outcomes) {
        if (outcome.ackSent && !outcome.ackDelivered)
            return false;
    }
    return true;
}

SyncSession::SyncSession(BackendClient &client, CommandDispatcher &dispatcher, const AgentConfig &config)
    : m_client(client)
    , m_dispatcher(dispatcher)
    , m_config(config)
{
}

SyncSummary SyncSession::run(const SyncOptions &options)
{
    SyncSummary summary;
    summary.startedAt = QDateTime::currentDateTimeUtc();
    QElapsedTimer timer;
    timer.start();
    m_client.setDeadline(options.deadline);
    const ToolInfo &tool = options.tool ? *options.tool : defaultTool();

    if (options.skipReport) {
        summary.reportSkipped = true;
        qCInfo(lcSync) << "report skipped inside a sandbox";
    } else {
        const BackendReply reply = m_client.post(Route::Report, payloads::report(tool, m_config, options.status, summary.startedAt));
        summary.reportOk = reply.ok;
        summary.reportError = reply.error;
        if (!reply.ok)
            qCWarning(lcSync).noquote() << "report failed:" << reply.error;  // the sync still happens
    }

    const BackendReply syncReply = m_client.post(Route::Sync, payloads::sync(tool, m_config, options.status));
    if (!syncReply.ok) {
        summary.syncError = syncReply.error;
        qCWarning(lcSync).noquote() << "sync failed:" << syncReply.error;
        summary.elapsedMs = timer.elapsed();
        return summary;
    }
    const SyncCommands received = BackendClient::commandsFrom(syncReply.body);
    if (!received.error.isEmpty()) {
        summary.syncError = received.error;
        qCWarning(lcSync).noquote() << received.error << "- nothing from it is run";
        summary.elapsedMs = timer.elapsed();
        return summary;
    }
    summary.syncOk = true;
    qCInfo(lcSync) << "sync received" << received.commands.size() << "command(s) for" << tool.name;

    const CommandContext context{&tool, options.cwd, options.event};
    bool stopped = false;
    for (const QJsonObject &object : received.commands) {
        if (stopped || (!options.deadline.isForever() && options.deadline.remainingTime() <= options.ackReserveMs)) {
            ++summary.deferred;
            continue;
        }
        CommandOutcome outcome;
        outcome.command = Command::fromJson(object);
        outcome.result = m_dispatcher.dispatch(outcome.command, context);
        qCInfo(lcCommands).noquote() << "command" << outcome.command.id.value_or(-1) << outcome.command.type << "->"
                                     << outcomeName(outcome.result.outcome) << outcome.result.detail;
        if (outcome.result.needsAck())
            acknowledge(outcome);
        stopped = outcome.result.stopBatch;
        summary.outcomes.append(std::move(outcome));
    }
    if (summary.deferred > 0)
        qCInfo(lcSync) << summary.deferred << "command(s) left for a later sync";
    summary.elapsedMs = timer.elapsed();
    return summary;
}

void SyncSession::acknowledge(CommandOutcome &outcome)
{
    const QJsonObject body = payloads::ack(*outcome.command.id, outcome.command.type, outcome.result.success(),
                                           outcome.result.error, outcome.result.version);
    // An ack is worth a little more than the foreground budget: it is short and loses nothing.
    const BackendReply reply = m_client.post(Route::Ack, body);
    outcome.ackSent = true;
    outcome.ackHttpStatus = reply.httpStatus;
    outcome.ackDelivered = reply.httpStatus >= 200 && reply.httpStatus < 300;
    outcome.ackError = outcome.ackDelivered ? QString() : reply.error;
    if (!outcome.ackDelivered)
        qCWarning(lcSync).noquote() << "ack of command" << *outcome.command.id << "failed:" << reply.error;
}

} // namespace teamai
