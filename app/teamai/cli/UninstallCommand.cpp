#include "cli/UninstallCommand.h"
#include "sync/RecordHealth.h"

#include "agenthooks/DispatchHooks.h"
#include "agenthooks/HookRules.h"
#include "cli/CommandLine.h"
#include "cli/Console.h"
#include "cli/UninstallTeardown.h"
#include "config/AgentConfig.h"
#include "mcp/McpInstaller.h"
#include "mcp/McpRegistration.h"
#include "modelconfig/GatewayStatus.h"
#include "modelconfig/ModelConfigApply.h"
#include "resources/Manifest.h"
#include "resources/ResourceStore.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QTextStream>

#include <cstdio>

namespace teamai::cli {
namespace {

/// The model gateways configured for @p tool (listed under the tool that names the kind, so
/// claude's is not listed again under claude-internal and tclaude).
QList<modelconfig::GatewayInUse> gatewaysOf(const ToolInfo &tool)
{
    QList<modelconfig::GatewayInUse> found;
    for (const modelconfig::GatewayInUse &gateway : modelconfig::gatewaysInUse()) {
        if (gateway.kind == tool.name)
            found.append(gateway);
    }
    return found;
}

bool confirmed()
{
    std::fputs("Remove these? [y/N] ", stdout);
    std::fflush(stdout);
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    return answer == QLatin1String("y") || answer == QLatin1String("yes");
}

/// Orphaned TeamAI sections are looked for in user scope only: workspaces are known from the manifest.
resources::ResourceScope userScope()
{
    return resources::ResourceScope::fromKey(QStringLiteral("user"));
}

void printPlan(const QString &heading, const QStringList &planned)
{
    printOut(heading);
    for (const QString &entry : planned)
        printOut(QStringLiteral("  ") + entry);
}

QString scopeLabel(const QString &scopeKey)
{
    return scopeKey == QLatin1String("user") ? QStringLiteral("user") : scopeKey;
}

/// The MCP servers TeamAI installed for @p tool, user scope and the bound workspaces'.
QList<mcp::installer::InstalledServer> mcpServersOf(const ToolInfo &tool)
{
    QStringList workspaces;
    for (const AgentConfig::WorkspaceBinding &binding : AgentConfig::load().config.workspaceBindings())
        workspaces.append(binding.path);
    return mcp::installer::installed(tool, workspaces);
}

/// Says what the records cannot tell: invalid manifest entries (never acted on) and damaged
/// record files (what TeamAI installed there stays hidden; the run exits 1).
QList<records::BrokenRecord> reportUnreadableRecords()
{
    // Stored paths that fail the install-time checks are never acted on; say so once.
    for (const QString &ignored : Manifest::load().manifest.invalidEntries())
        printErr(QStringLiteral("teamai uninstall: ignoring manifest %1").arg(ignored));
    // A damaged record hides what TeamAI installed: say which file, remove the rest, exit 1.
    QList<records::BrokenRecord> unreadable;
    for (const auto &record : {records::brokenManifest(), records::brokenHookRules()}) {
        if (record) {
            unreadable.append(*record);
            printErr(QStringLiteral("teamai uninstall: %1").arg(record->sentence()));
        }
    }
    return unreadable;
}

} // namespace

UninstallCommand::UninstallCommand()
    : CliCommand("uninstall", "Remove TeamAI's hooks and the resources it installed")
{
}

QStringList UninstallCommand::plan(const ToolInfo &tool)
{
    QStringList lines;
    const Result<QStringList> installed = agenthooks::dispatch::installed(tool, paths::homeDir());
    const QStringList hooks = installed.valueOr({});
    if (!installed)
        lines.append(QStringLiteral("%1: cannot read hooks: %2").arg(tool.name, installed.error()));
    if (!hooks.isEmpty())
        lines.append(QStringLiteral("%1: %2 TeamAI hook(s) in %3").arg(tool.name).arg(hooks.size())
                         .arg(paths::homeDir() + u'/' + tool.hooksSettings));
    for (const agenthooks::HookRuleRecord &rule : agenthooks::hookrules::installed(tool))
        lines.append(QStringLiteral("%1: hook rule %2 (%3) in %4").arg(tool.name, rule.slug, rule.agentEvent, rule.settingsPath));
    for (const modelconfig::GatewayInUse &gateway : gatewaysOf(tool))
        lines.append(QStringLiteral("%1: model gateway %2 in %3").arg(tool.name, gateway.gateways.join(QStringLiteral(", ")), gateway.file));
    for (const resources::InstalledResource &resource : resources::ResourceStore(tool).installedByTeamai()) {
        lines.append(QStringLiteral("%1: %2 %3 (%4 scope) at %5")
                         .arg(tool.name, resourceKindName(resource.kind), resource.slug, scopeLabel(resource.scopeKey),
                              resource.location));
    }
    for (const mcp::installer::InstalledServer &server : mcpServersOf(tool))
        lines.append(QStringLiteral("%1: MCP server %2 in %3").arg(tool.name, server.name, server.target.file));
    if (const QString registered = mcp::registration::recordedFile(tool); !registered.isEmpty())
        lines.append(QStringLiteral("%1: the teamai MCP server init --mcp registered in %2").arg(tool.name, registered));
    const QString orphaned = resources::ResourceStore(tool).orphanedClaudeMdSection(userScope());
    if (!orphaned.isEmpty())
        lines.append(QStringLiteral("%1: the TeamAI section of %2 (no manifest entry left)").arg(tool.name, orphaned));
    return lines;
}

bool UninstallCommand::remove(const ToolInfo &tool)
{
    bool ok = true;
    const agenthooks::dispatch::Change hooks = agenthooks::dispatch::uninstall(tool, paths::homeDir());
    if (!hooks.ok) {
        printErr(QStringLiteral("teamai uninstall: %1: cannot remove hooks: %2").arg(tool.name, hooks.error));
        ok = false;
    } else if (!hooks.events.isEmpty()) {
        printOut(QStringLiteral("Removed %1 hook(s) (%2) from %3")
                     .arg(tool.name, hooks.events.join(QStringLiteral(", ")), hooks.settingsPath));
    }
    for (const agenthooks::HookRuleRecord &rule : agenthooks::hookrules::installed(tool)) {
        const agenthooks::HookRuleOutcome outcome = agenthooks::hookrules::uninstall(tool, rule.slug);
        if (outcome.ok) {
            printOut(QStringLiteral("Removed %1 hook rule %2 (%3) from %4").arg(tool.name, rule.slug, rule.agentEvent, rule.settingsPath));
        } else {
            printErr(QStringLiteral("teamai uninstall: %1: hook rule %2: %3").arg(tool.name, rule.slug, outcome.error));
            ok = false;
        }
    }
    // The team's gateway and its key go with the agent (the same removal as an empty snapshot).
    for (const modelconfig::GatewayInUse &gateway : gatewaysOf(tool)) {
        const modelconfig::ApplyOutcome outcome = modelconfig::removeModels({gateway.kind, gateway.workspace});
        if (outcome.ok && outcome.notes.isEmpty()) {
            printOut(QStringLiteral("Removed %1 model gateway %2 from %3").arg(tool.name, gateway.gateways.join(QStringLiteral(", ")), gateway.file));
        } else {
            printErr(QStringLiteral("teamai uninstall: %1: model gateway: %2")
                         .arg(tool.name, outcome.ok ? outcome.notes.join(QStringLiteral("; ")) : outcome.error));
            ok = ok && outcome.ok;
        }
    }
    resources::ResourceStore store(tool);
    for (const resources::InstalledResource &resource : store.installedByTeamai()) {
        const resources::ResourceOutcome outcome =
            store.uninstall(resources::ResourceScope::fromKey(resource.scopeKey), resource.kind, resource.slug);
        if (outcome.ok) {
            printOut(QStringLiteral("Removed %1 %2 %3 from %4").arg(tool.name, resourceKindName(resource.kind), resource.slug, resource.location));
        } else {
            printErr(QStringLiteral("teamai uninstall: %1: %2 %3: %4")
                         .arg(tool.name, resourceKindName(resource.kind), resource.slug, outcome.error));
            ok = false;
        }
    }
    for (const mcp::installer::InstalledServer &server : mcpServersOf(tool)) {
        const mcp::McpOutcome outcome = mcp::installer::uninstall(server.target, server.name, QStringLiteral("uninstall"));
        if (outcome.ok) {
            printOut(QStringLiteral("Removed %1 MCP server %2 from %3").arg(tool.name, server.name, server.target.file));
        } else {
            printErr(QStringLiteral("teamai uninstall: %1: MCP server %2: %3").arg(tool.name, server.name, outcome.error));
            ok = false;
        }
    }
    ok = removeRegistration(tool) && ok;
    return removeOrphanedSection(store) && ok;
}

bool UninstallCommand::removeRegistration(const ToolInfo &tool)
{
    if (mcp::registration::recordedFile(tool).isEmpty())
        return true;
    const mcp::registration::Outcome outcome = mcp::registration::unregisterServer(tool);
    if (!outcome.ok) {
        printErr(QStringLiteral("teamai uninstall: %1: the teamai MCP server: %2").arg(tool.name, outcome.error));
        return false;
    }
    printOut(QStringLiteral("%1: %2").arg(tool.name, outcome.detail));
    return true;
}

bool UninstallCommand::removeOrphanedSection(const resources::ResourceStore &store)
{
    const QString orphaned = store.orphanedClaudeMdSection(userScope());
    if (orphaned.isEmpty())
        return true;
    if (const Status removed = store.removeOrphanedClaudeMdSection(userScope()); !removed) {
        printErr(QStringLiteral("teamai uninstall: %1").arg(removed.error()));
        return false;
    }
    printOut(QStringLiteral("Removed the TeamAI section of %1").arg(orphaned));
    return true;
}

QList<const ToolInfo *> UninstallCommand::othersWithSomething(const ToolInfo &target)
{
    QList<const ToolInfo *> others;
    for (const ToolInfo &tool : knownTools()) {
        if (&tool != &target && !plan(tool).isEmpty())
            others.append(&tool);
    }
    return others;
}

std::optional<int> UninstallCommand::chooseTools(const CommandLine &line, QList<const ToolInfo *> *tools, bool *full) const
{
    *full = true;
    if (line.isSet(QStringLiteral("tool"))) {
        const ToolInfo *tool = toolOption(line, nullptr);
        if (!tool)
            return kExitUsage;
        tools->append(tool);
        // As teamai-cli decides: the last tool with anything of TeamAI's takes the rest with it.
        *full = !plan(*tool).isEmpty() && othersWithSomething(*tool).isEmpty();
    } else {
        for (const ToolInfo &tool : knownTools())
            tools->append(&tool);
    }
    return std::nullopt;
}

QStringList UninstallCommand::planAll(const QList<const ToolInfo *> &tools, bool full, bool purge)
{
    QStringList planned;
    for (const ToolInfo *tool : tools)
        planned += plan(*tool);
    if (full)
        planned += teardown::pluginPlan() + teardown::configurationPlan();
    if (purge)
        planned += teardown::purgePlan();
    return planned;
}

bool UninstallCommand::removeAll(const QList<const ToolInfo *> &tools, bool full, bool purge)
{
    bool ok = true;
    for (const ToolInfo *tool : tools)
        ok = remove(*tool) && ok;
    if (full)  // plugins first: their uninstall commands may need the configuration
        ok = teardown::tearDownPlugins() && ok;
    if (full)
        ok = teardown::removeConfiguration() && ok;
    if (purge)
        ok = teardown::purgeState() && ok;
    else if (full)
        printOut(QStringLiteral("Kept the command ledger and history in %1 (remove them with --purge)").arg(paths::agentStateDir()));
    return ok;
}

int UninstallCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {QStringLiteral("force"), QStringLiteral("purge"), QStringLiteral("dry-run")});
    line.addAlias(QStringLiteral("agent"), QStringLiteral("tool"));  // teamai-cli's spelling, and what backends push
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    QList<const ToolInfo *> tools;
    bool full = true;
    if (const std::optional<int> wrong = chooseTools(line, &tools, &full))
        return *wrong;
    const bool purge = line.isSet(QStringLiteral("purge"));
    if (purge && !full)
        return usageError(name(), QStringLiteral("--purge removes TeamAI's state for every tool; other tools still use it"));

    const QList<records::BrokenRecord> unreadable = reportUnreadableRecords();
    const QStringList planned = planAll(tools, full, purge);
    if (planned.isEmpty()) {
        printOut(unreadable.isEmpty() ? QStringLiteral("Nothing of TeamAI's to remove.")
                                      : QStringLiteral("Nothing else of TeamAI's to remove."));
        return unreadable.isEmpty() ? kExitOk : kExitFailure;
    }
    if (line.isSet(QStringLiteral("dry-run"))) {  // teamai-cli's global --dry-run: the plan only
        printPlan(QStringLiteral("TeamAI would remove:"), planned);
        printOut(QStringLiteral("Dry run: nothing was removed."));
        return unreadable.isEmpty() ? kExitOk : kExitFailure;
    }
    if (!line.isSet(QStringLiteral("force")) && console::isInteractive()) {
        printPlan(QStringLiteral("TeamAI will remove:"), planned);
        if (!confirmed()) {
            printOut(QStringLiteral("Cancelled: nothing was removed."));
            return kExitFailure;
        }
    }
    const bool removed = removeAll(tools, full, purge);
    return removed && unreadable.isEmpty() ? kExitOk : kExitFailure;
}

} // namespace teamai::cli
