#include "cli/CliCommand.h"

#include "cli/BindProjectCommand.h"
#include "cli/CommandLine.h"
#include "cli/DoctorCommand.h"
#include "cli/HistoryCommand.h"
#include "cli/HookCommand.h"
#include "cli/InitCommand.h"
#include "cli/McpCommand.h"
#include "cli/ReconcilePluginsCommand.h"
#include "cli/RemoteCmdCommand.h"
#include "cli/StatusCommand.h"
#include "cli/SyncCommand.h"
#include "cli/UninstallCommand.h"
#include "cli/WorkerCommand.h"
#include "log/Logging.h"
#include "tools/ToolTable.h"

#include <QFile>

#include <cstdio>

namespace teamai::cli {

namespace {

template<typename... Commands>
std::vector<std::unique_ptr<CliCommand>> makeCommands()
{
    std::vector<std::unique_ptr<CliCommand>> commands;
    (commands.push_back(std::make_unique<Commands>()), ...);
    return commands;
}

} // namespace

std::vector<std::unique_ptr<CliCommand>> allCommands()
{
    return makeCommands<InitCommand, SyncCommand, StatusCommand, HistoryCommand, DoctorCommand, RemoteCmdCommand, McpCommand,
                        BindProjectCommand, UninstallCommand, HookCommand, WorkerCommand, ReconcilePluginsCommand>();
}

QString CliCommand::help() const
{
    // Read only when asked: a hook never pays for the texts (resources, not strings built at start).
    QFile file(QStringLiteral(":/help/%1.txt").arg(m_name));
    if (!file.open(QIODevice::ReadOnly))
        return summary();  // not reached: CMake embeds a text for every command (tst_help_e2e)
    QString text = QString::fromUtf8(file.readAll());
    if (text.endsWith(u'\n'))
        text.chop(1);  // the file's final newline: printOut() writes its own
    const QLatin1StringView placeholder("{tools}");
    if (const qsizetype at = text.indexOf(placeholder); at >= 0) {
        const int column = int(at - text.lastIndexOf(u'\n', at) - 1);
        text.replace(at, placeholder.size(), wrappedToolList(column));
    }
    return text;
}

std::optional<int> CliCommand::parseOrStop(CommandLine &line, const QStringList &arguments) const
{
    if (!line.parse(arguments))
        return usageError(name(), line.error());
    if (line.verboseRequested())
        logging::setVerbose(logging::Echo::Stderr);
    if (line.helpRequested()) {
        printOut(help());
        return kExitOk;
    }
    return std::nullopt;
}

const ToolInfo *CliCommand::toolOption(const CommandLine &line, const ToolInfo *fallback) const
{
    if (!line.isSet(QStringLiteral("tool")))
        return fallback;
    const QString named = line.value(QStringLiteral("tool"));
    const ToolInfo *tool = findTool(named);
    if (!tool)
        usageError(name(), QStringLiteral("unknown tool `%1` (known: %2)").arg(named, knownToolList()));
    return tool;
}

void printOut(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fputc('\n', stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fputc('\n', stderr);
}

int usageError(const QString &command, const QString &message)
{
    printErr(QStringLiteral("teamai %1: %2 (see `teamai %1 --help`)").arg(command, message));
    return kExitUsage;
}

} // namespace teamai::cli
