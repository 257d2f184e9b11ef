#pragma once

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace teamai {
struct ToolInfo;
}

namespace teamai::cli {

class CommandLine;

/// Exit codes of the CLI: 0 success, 1 the operation failed, 2 bad usage.
enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

/// @brief One `teamai` subcommand: has a name and a one-line summary (given by the subclass's
/// constructor), a `--help` text (`cli/help/<name>.txt`), and runs with the arguments after its
/// name.
class CliCommand
{
public:
    virtual ~CliCommand() = default;
    QString name() const { return m_name; }
    QString summary() const { return m_summary; }
    /// @brief Full `--help` text: usage line and every option, from `cli/help/<name>.txt`, where
    /// `{tools}` stands for the tool names, wrapped and indented to the column it stands at.
    QString help() const;
    virtual int run(const QStringList &arguments) = 0;

protected:
    CliCommand(const char *name, const char *summary) : m_name(QString::fromUtf8(name)), m_summary(QString::fromUtf8(summary)) {}
    /// @brief Parses @p arguments into @p line. Returns the exit code to stop with when there is
    /// nothing more to do: `--help` printed (0) or bad usage reported (2); nullopt to go on.
    std::optional<int> parseOrStop(CommandLine &line, const QStringList &arguments) const;
    /// @brief The tool `--tool` names in @p line, else @p fallback. When no tool has that name it
    /// reports the usage error ("unknown tool `x` (known: …)") and returns nullptr: the caller
    /// then returns kExitUsage.
    const ToolInfo *toolOption(const CommandLine &line, const ToolInfo *fallback) const;

private:
    QString m_name;
    QString m_summary;
};

/// @brief All subcommands, in the order `teamai --help` lists them.
std::vector<std::unique_ptr<CliCommand>> allCommands();

/// @brief Writes one line to stdout / stderr (UTF-8).
void printOut(const QString &text);
void printErr(const QString &text);

/// @brief A usage error: "teamai <command>: <message>" plus a hint, exit code 2.
int usageError(const QString &command, const QString &message);

} // namespace teamai::cli
