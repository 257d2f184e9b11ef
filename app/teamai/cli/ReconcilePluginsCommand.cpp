#include "cli/ReconcilePluginsCommand.h"

#include "cli/CommandLine.h"
#include "plugins/PluginPull.h"
#include "tools/ToolTable.h"

namespace teamai::cli {

ReconcilePluginsCommand::ReconcilePluginsCommand()
    : CliCommand("reconcile-plugins", "(internal) Apply the plugins the backend's get-config declares")
{
}

int ReconcilePluginsCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *tool = toolOption(line, &defaultTool());
    if (!tool)
        return kExitUsage;
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
