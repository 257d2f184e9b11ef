#include "cli/RemoteCmdCommand.h"

#include "agenthooks/HookRuleGate.h"
#include "cli/CommandLine.h"
#include "config/RemoteCommandGate.h"

namespace teamai::cli {

RemoteCmdCommand::RemoteCmdCommand()
    : CliCommand("remote-cmd", "Allow or refuse commands pushed by the backend (kill switch)")
{
}

int RemoteCmdCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {}, 1);
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const QString action = line.positionals().value(0);
    agenthooks::hookrules::GateFollowed followed;
    if (action == QLatin1String("enable") || action == QLatin1String("disable")) {
        const Result<agenthooks::hookrules::GateFollowed> set =
            agenthooks::hookrules::setRemoteCommandsEnabled(action == QLatin1String("enable"), QStringLiteral("cli"));
        if (!set) {
            printErr(QStringLiteral("teamai remote-cmd: %1").arg(set.error()));
            return kExitFailure;
        }
        followed = *set;
    } else if (action != QLatin1String("status")) {
        return usageError(name(), action.isEmpty() ? QStringLiteral("say enable, disable or status")
                                                   : QStringLiteral("unknown action `%1`").arg(action));
    }
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    printOut(QStringLiteral("Remote commands: %1").arg(RemoteCommandGate::statusLine(gate)));
    if (followed.withdrawn > 0)
        printOut(QStringLiteral("Hook rules:      %1 withdrawn from the agents' settings (kept in agent-hooks.json)").arg(followed.withdrawn));
    if (followed.restored > 0)
        printOut(QStringLiteral("Hook rules:      %1 restored into the agents' settings").arg(followed.restored));
    for (const QString &problem : followed.errors)
        printErr(QStringLiteral("teamai remote-cmd: %1").arg(problem));
    return followed.ok() ? kExitOk : kExitFailure;
}

} // namespace teamai::cli
