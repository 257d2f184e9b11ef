#include "cli/RemoteCmdCommand.h"

#include "cli/CommandLine.h"
#include "config/RemoteCommandGate.h"

namespace teamai::cli {

QString RemoteCmdCommand::name() const { return QStringLiteral("remote-cmd"); }

QString RemoteCmdCommand::summary() const { return QStringLiteral("Allow or refuse commands pushed by the backend (kill switch)"); }

QString RemoteCmdCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai remote-cmd enable|disable|status\n"
        "\n"
        "The remote-command kill switch. While disabled, pushed commands that run something\n"
        "(uninstall_teamai, cmd, agent hook rules) are refused and acknowledged as failed with\n"
        "\"remote cmd disabled by client\". Skills, rules and CLAUDE.md blocks still install.\n"
        "\n"
        "Actions:\n"
        "  enable    allow remote commands for your user (the tray's switch does the same)\n"
        "  disable   refuse them; every agent process sees the change at once\n"
        "  status    say whether they are allowed, which rule decided, and whether it is locked\n"
        "\n"
        "TEAMAI_DISABLE_REMOTE_CMD=1 in the environment also disables them. An administrator\n"
        "policy file (Linux: /etc/teamai/policy.json) may lock the switch either way; then\n"
        "enable and disable are refused and status names the file.");
}

int RemoteCmdCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {}, 1);
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const QString action = line.positionals().value(0);
    if (action == QLatin1String("enable") || action == QLatin1String("disable")) {
        const QString error = RemoteCommandGate::setUserEnabled(action == QLatin1String("enable"), QStringLiteral("cli"));
        if (!error.isEmpty()) {
            printErr(QStringLiteral("teamai remote-cmd: %1").arg(error));
            return kExitFailure;
        }
    } else if (action != QLatin1String("status")) {
        return usageError(name(), action.isEmpty() ? QStringLiteral("say enable, disable or status")
                                                   : QStringLiteral("unknown action `%1`").arg(action));
    }
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    printOut(QStringLiteral("Remote commands: %1%2 — %3")
                 .arg(gate.allowed ? QStringLiteral("allowed") : QStringLiteral("disabled"),
                      gate.locked ? QStringLiteral(" (locked by policy)") : QString(), gate.detail));
    return kExitOk;
}

} // namespace teamai::cli
