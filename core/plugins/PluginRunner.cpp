#include "plugins/PluginRunner.h"

#include "commands/PushedCommandMarker.h"
#include "commands/RestrictedCommand.h"
#include "config/RemoteCommandGate.h"
#include "exec/Executor.h"
#include "log/Logging.h"
#include "util/Paths.h"
#include "util/Redact.h"

namespace teamai::plugins {

PluginRunner::PluginRunner(exec::Executor &executor, const exec::ExecPolicy &policy, QString slug)
    : m_executor(executor)
    , m_policy(policy)
    , m_slug(std::move(slug))
{
}

Status PluginRunner::run(const QString &command, int timeoutMs)
{
    // A plugin command is a program the backend wants run on this machine: the kill switch
    // applies, asked anew for every command (it may be flipped meanwhile).
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    if (!gate.allowed)
        return Error{QStringLiteral("remote cmd disabled by client")};
    if (pushedmarker::isInsidePushedCommand())
        return Error{QStringLiteral("Rejected cmd: %1").arg(pushedmarker::refusal(QStringLiteral("a pushed command never runs another one")))};
    const RestrictedCommand restricted = RestrictedCommand::parse(command);
    if (!restricted.allowed())
        return Error{restricted.rejection};

    exec::ExecRequest request;
    request.program = ownTeamaiExecutable();
    request.arguments = restricted.arguments;
    request.workingDirectory = paths::agentStateDir();
    request.timeoutMs = timeoutMs;
    request.owner = QStringLiteral("plugin:%1").arg(m_slug);
    request.environment.insert(pushedmarker::variableName(), QStringLiteral("plugin:%1").arg(m_slug));
    exec::Resolved resolved = exec::resolve(request, m_policy);
    if (!resolved.spec)
        return Error{QStringLiteral("cmd failed: %1").arg(resolved.error)};
    qCInfo(lcCommands).noquote() << "plugin" << m_slug << "runs:" << redactSecrets(command);
    const exec::ExecResult result = m_executor.run(*resolved.spec);
    if (!result.succeeded())
        return Error{exec::failureSummary(result)};
    return {};
}

} // namespace teamai::plugins
