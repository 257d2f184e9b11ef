// teamai: the headless TeamAI agent. Agent hooks run `teamai --hook EVENT --tool TOOL` many
// times an hour, so start-up does only what the chosen subcommand needs.

#include "Version.h"
#include "cli/CliCommand.h"
#include "cli/Console.h"
#include "cli/GlobalOptions.h"
#include "cli/HookCommand.h"
#include "commands/PushedAllowlist.h"
#include "commands/PushedCommandMarker.h"
#include "exec/TerminationSignals.h"
#include "log/Logging.h"
#include "tools/ToolTable.h"
#include "util/ProcessClock.h"

#include <QCoreApplication>

#include <cstdio>
#include <optional>

using namespace teamai;
using namespace teamai::cli;

namespace {

QString mainHelp(const std::vector<std::unique_ptr<CliCommand>> &commands)
{
    QString text = QStringLiteral(
        "Usage: teamai <command> [options]\n"
        "       teamai hook-dispatch EVENT --tool TOOL   (also: teamai --hook EVENT ...)\n"
        "\n"
        "The TeamAI Desktop Agent: keeps this machine's AI coding agents in step with a TeamAI\n"
        "backend.\n\nCommands:\n");
    for (const auto &command : commands)
        text += QStringLiteral("  %1%2\n").arg(command->name().leftJustified(15), command->summary());
    text += QStringLiteral("\nOptions:\n  --version      print the version\n  --help         this text\n"
                           "  --list-tools   the AI tools --tool accepts, one per line\n"
                           "  -v, --verbose  debug lines in the log (and on stderr, except in hooks)\n"
                           "  --dry-run      hooks and uninstall: show what would run, change nothing\n"
                           "\nRun `teamai <command> --help` for a command's options.");
    return text;
}

/// A process started for a pushed command runs only what a backend may push: no init, sync,
/// worker, hook mode or remote-cmd, however deep. A hook still exits 0: hooks never break the agent.
std::optional<int> refuseInsidePushedCommand(const QStringList &arguments, bool hookMode)
{
    if (!pushedmarker::isInsidePushedCommand())
        return std::nullopt;
    const Status allowed = pushedallowlist::check(arguments);
    if (allowed)
        return std::nullopt;
    const QString message = pushedmarker::refusal(allowed.error());
    if (hookMode) {
        qCWarning(lcHook).noquote() << message;
        return kExitOk;
    }
    printErr(QStringLiteral("teamai: %1").arg(message));
    return kExitFailure;
}

/// The subcommand @p arguments name (or the main help): its exit status.
int runSubcommand(const QStringList &arguments)
{
    const QString first = arguments.value(0);
    auto commands = allCommands();
    if (first.isEmpty() || first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        printOut(mainHelp(commands));
        return first.isEmpty() ? kExitUsage : kExitOk;
    }
    for (const auto &command : commands) {
        if (command->name() == first)
            return command->run(arguments.mid(1));
    }
    printErr(QStringLiteral("teamai: unknown command `%1` (see `teamai --help`)").arg(first));
    return kExitUsage;
}

} // namespace

int main(int argc, char **argv)
{
    processclock::start();  // hook budgets are deadlines for the whole process
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("teamai"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(kVersion));
    // `teamai -v hook-dispatch stop` is `teamai hook-dispatch -v stop` (teamai-cli's global options).
    const QStringList arguments = withGlobalOptionsAfterCommand(QCoreApplication::arguments().mid(1));

    const QString first = arguments.value(0);
    const bool hookMode = isHookCommand(first);
    // A pipe makes stdout block-buffered: the tray's live output of a pushed `teamai …` would
    // stay empty until the process exits. Line by line for subcommands; a hook's output (one
    // JSON answer for its agent) keeps the default, so hook start-up is unchanged.
    if (!hookMode) {
        console::lineBufferStdout();
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-V")) {
        printOut(QStringLiteral("teamai %1").arg(QString::fromLatin1(kVersion)));
        return kExitOk;
    }
    if (first == QLatin1String("--list-tools")) {  // the shell completions' list (tool table order)
        printOut(knownToolNames().join(u'\n'));
        return kExitOk;
    }

    logging::install();
    // The processes that run pushed commands stop and record a running one before they exit on
    // SIGTERM/SIGINT/SIGHUP; outside a run the signals keep their default action.
    if (hookMode || first == QLatin1String("worker") || first == QLatin1String("sync"))
        exec::TerminationSignals::install();

    int status = kExitOk;
    if (const std::optional<int> refused = refuseInsidePushedCommand(arguments, hookMode)) {
        status = *refused;
    } else if (hookMode) {
        HookCommand hook;
        status = hook.run(arguments.mid(1));  // "--hook EVENT …" and "hook-dispatch EVENT …" take the same rest
    } else {
        status = runSubcommand(arguments);
    }
    logging::shutdown();
    if (const int sig = exec::TerminationSignals::received())
        return 128 + sig;  // the shell's status for a process ended by that signal
    return status;
}
