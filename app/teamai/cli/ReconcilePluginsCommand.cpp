#include "cli/ReconcilePluginsCommand.h"

#include "cli/CommandLine.h"
#include "plugins/PluginPull.h"
#include "tools/ToolTable.h"

namespace teamai::cli {

ReconcilePluginsCommand::ReconcilePluginsCommand()
    : CliCommand("reconcile-plugins", "(internal) Apply the plugins the backend's get-config declares", QStringLiteral(
        "Usage: teamai reconcile-plugins [--tool TOOL]\n"
        "\n"
        "Started by a session-start hook at most every 12 hours (an hour after a failure), as\n"
        "teamai-cli does: reads GET /api/local-agent/get-config and installs, updates or\n"
        "uninstalls the plugins it declares, recording them in ~/.teamai/local-agent/plugins.json.\n"
        "Every plugin command runs like a pushed command: only while remote commands are allowed\n"
        "(`teamai remote-cmd status`), only `teamai` with arguments from the closed allowlist, never\n"
        "a shell; anything else is refused and recorded as the plugin's last error. A failed or\n"
        "malformed answer changes nothing. One run at a time; always exits 0.\n"
        "\n"
        "Options:\n"
        "  --tool TOOL   the agent whose hook started it (default: workbuddy); it names the\n"
        "                `${local_agent_id}` plugin commands may use"))
{
}

int ReconcilePluginsCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *tool = line.isSet(QStringLiteral("tool")) ? findTool(line.value(QStringLiteral("tool"))) : &defaultTool();
    if (!tool)
        return usageError(name(), QStringLiteral("unknown tool `%1`").arg(line.value(QStringLiteral("tool"))));
    const plugins::PullOutcome outcome = plugins::pull::run(*tool);
    if (!outcome.fetched) {
        printOut(QStringLiteral("Plugins not reconciled: %1").arg(outcome.error));
        return kExitOk;
    }
    const plugins::ReconcileReport &report = outcome.report;
    printOut(QStringLiteral("Plugins: %1 installed, %2 updated, %3 uninstalled, %4 failed, %5 waiting after a failure.")
                 .arg(report.installed.size())
                 .arg(report.updated.size())
                 .arg(report.uninstalled.size())
                 .arg(report.failed.size())
                 .arg(report.coolingDown.size()));
    return kExitOk;
}

} // namespace teamai::cli
