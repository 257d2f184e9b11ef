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
        "\"remote cmd disabled by client\". Every agent process sees a change at once.\n"
        "TEAMAI_DISABLE_REMOTE_CMD=1 also disables it; an administrator policy file may lock it.");
}

int RemoteCmdCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {}, 1);
    if (!line.parse(arguments))
        return usageError(name(), line.error());
    if (line.helpRequested()) {
        printOut(help());
        return kExitOk;
    }
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
