#include "cli/RemoteCmdCommand.h"

#include "agenthooks/HookRuleGate.h"
#include "cli/CommandLine.h"
#include "config/RemoteCommandGate.h"

namespace teamai::cli {

RemoteCmdCommand::RemoteCmdCommand()
    : CliCommand("remote-cmd", "Allow or refuse commands pushed by the backend (kill switch)", QStringLiteral(
        "Usage: teamai remote-cmd enable|disable|status\n"
        "\n"
        "The remote-command kill switch. While disabled, pushed commands that run something\n"
        "(uninstall_teamai, cmd, installing agent hook rules or MCP servers) are refused and\n"
        "acknowledged as failed with \"remote cmd disabled by client\". Skills, rules and CLAUDE.md\n"
        "blocks still install; MCP servers installed earlier stay (uninstall_mcp always works).\n"
        "Hook rules the backend installed earlier are withdrawn from the agents' settings at once\n"
        "(kept in agent-hooks.json) and restored when remote commands are allowed again;\n"
        "uninstall_hook_rule always works. `teamai status` lists them.\n"
        "\n"
        "Actions:\n"
        "  enable    allow remote commands for your user (the tray's switch does the same)\n"
        "  disable   refuse them; every agent process sees the change at once\n"
        "  status    say whether they are allowed, which rule decided, and whether it is locked\n"
        "\n"
        "TEAMAI_DISABLE_REMOTE_CMD=1 in the environment also disables them, always (hook rules\n"
        "are withdrawn at the next hook). An administrator policy file (Linux:\n"
        "/etc/teamai/policy.json) may lock the switch either way; then enable and disable are\n"
        "refused and status names the file."))
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
