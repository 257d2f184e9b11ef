#include "sync/RestrictedCommandHandler.h"

#include "commands/PushedCommandMarker.h"
#include "commands/RestrictedCommand.h"
#include "exec/Executor.h"
#include "log/Logging.h"
#include "sync/CommandTask.h"
#include "tools/ToolTable.h"
#include "util/Redact.h"

namespace teamai {

RestrictedCommandHandler::RestrictedCommandHandler(exec::Executor &executor, const exec::ExecPolicy &policy)
    : m_executor(executor)
    , m_policy(policy)
{
}

CommandResult RestrictedCommandHandler::handle(const Command &command, const CommandRoute &, const CommandContext &context)
{
    // No recursion: a process started for a pushed command never runs another one. (SyncEngine
    // refuses to start under the marker already; this guards any other way in.)
    if (pushedmarker::isInsidePushedCommand()) {
        qCWarning(lcCommands) << "command" << command.id.value_or(-1) << "refused inside a pushed command";
        CommandResult result = CommandResult::rejected(
            QStringLiteral("Rejected cmd: %1").arg(pushedmarker::refusal(QStringLiteral("a pushed command never runs another one"))));
        result.reason = QStringLiteral("recursion");
        return result;
    }

    const QString cmd = command.field(QStringLiteral("cmd"));
    const RestrictedCommand restricted = RestrictedCommand::parse(cmd);
    if (!restricted.allowed()) {
        qCWarning(lcCommands) << "command" << command.id.value_or(-1) << "rejected:" << restricted.rejection;
        CommandResult result = CommandResult::rejected(restricted.rejection);
        result.reason = QStringLiteral("allowlist");
        return result;
    }

    exec::ExecRequest request;
    request.program = ownTeamaiExecutable();
    request.arguments = restricted.arguments;
    request.workingDirectory = context.cwd;
    // The marker is one of the product's explicit entries: resolve() applies those after the scrub,
    // and the backend has no say in them (it only supplies `cmd`, which became arguments).
    request.environment.insert(pushedmarker::variableName(), QString::number(command.id.value_or(-1)));
    exec::Resolved resolved = exec::resolve(request, m_policy);
    if (!resolved.spec) {
        return CommandResult::failed(QStringLiteral("cmd failed: %1").arg(resolved.error));
    }
    resolved.spec->onStarted = context.onChildStarted;

    qCInfo(lcCommands).noquote() << "running command" << command.id.value_or(-1) << ":" << redactSecrets(cmd);
    // A background task owned by the tool the command came for, its output followable from other
    // processes while it runs; the task-finished callback hands the result back here.
    const output::OutputKey key{context.tool ? context.tool->name : QString(), command.id.value_or(-1)};
    exec::ExecResult result = CommandTask(m_executor, key).run(*resolved.spec);
    CommandResult outcome;
    if (result.succeeded()) {
        outcome = CommandResult::succeeded(QStringLiteral("ran `%1`: exit 0").arg(redactSecrets(cmd)));
        outcome.stopBatch = true;
    } else {
        outcome = CommandResult::failed(exec::failureSummary(result));
    }
    outcome.exec = std::move(result);
    return outcome;
}

} // namespace teamai
