#pragma once

#include "cli/CliCommand.h"

#include <QList>

namespace teamai {
struct ToolInfo;
namespace resources {
class ResourceStore;
}
}

namespace teamai::cli {

/// @brief `teamai uninstall`: see help(). Also what the backend's `uninstall_teamai` command
/// runs, so it works without a terminal (no prompt then) and without PATH.
class UninstallCommand : public CliCommand
{
public:
    UninstallCommand();
    int run(const QStringList &arguments) override;

private:
    /// @brief One line per thing that would be removed for @p tool.
    static QStringList plan(const ToolInfo &tool);
    /// @brief Removes it; prints one line per removal; false when something could not be removed.
    static bool remove(const ToolInfo &tool);
    /// @brief The TeamAI section of the tool's user instruction file that no manifest entry explains.
    static bool removeOrphanedSection(const resources::ResourceStore &store);
    /// @brief Removes the `teamai` MCP server init --mcp registered for @p tool (when still ours) and its record.
    static bool removeRegistration(const ToolInfo &tool);
    /// @brief --agent or every agent into @p tools; @p full: TeamAI's shared parts go too. The
    /// exit code when --agent names no agent.
    std::optional<int> chooseTools(const CommandLine &line, QList<const ToolInfo *> *tools, bool *full) const;
    /// @brief What removing @p tools (and with @p full / @p purge the rest) would remove.
    static QStringList planAll(const QList<const ToolInfo *> &tools, bool full, bool purge);
    /// @brief Removes it all; false when something could not be removed.
    static bool removeAll(const QList<const ToolInfo *> &tools, bool full, bool purge);
    /// @brief The agents other than @p target that still have something of TeamAI's.
    static QList<const ToolInfo *> othersWithSomething(const ToolInfo &target);
};

} // namespace teamai::cli
