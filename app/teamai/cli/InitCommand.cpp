#include "cli/InitCommand.h"

#include "agenthooks/DispatchHooks.h"
#include "cli/CommandLine.h"
#include "cli/InitOptions.h"
#include "config/AgentConfig.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenStore.h"
#include "mcp/McpRegistration.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace teamai::cli {
namespace {

QString locationName(AgentSettings::TokenLocation location)
{
    switch (location) {
    case AgentSettings::TokenLocation::Keychain: return QStringLiteral("the system credential store");
    case AgentSettings::TokenLocation::File:
        return QStringLiteral("%1, %2 and config.json (owner-only files, the layout teamai-cli reads)")
            .arg(TokenStore::tokenFilePath(), referencetoken::apiKeyPath());
    case AgentSettings::TokenLocation::None: break;
    }
    return QStringLiteral("nowhere");
}

/// Without --agent: every agent whose own folder (~/.claude, ~/.codex…) exists.
QList<const ToolInfo *> agentsPresent()
{
    QList<const ToolInfo *> agents;
    for (const ToolInfo &tool : knownTools()) {
        if (QFileInfo(paths::homeDir() + u'/' + tool.rootDir()).isDir())
            agents.append(&tool);
    }
    return agents;
}

} // namespace

QString InitCommand::name() const { return QStringLiteral("init"); }

QString InitCommand::summary() const { return QStringLiteral("Connect this machine to a TeamAI backend"); }

QString InitCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai init --http URL [--token TOKEN] [--agent AGENT]... [--scope user|project]\n"
        "                   [--token-store auto|keychain|file] [--mcp] [--force]\n"
        "\n"
        "Saves the backend endpoint in ~/.teamai/local-agent/config.json (other fields are kept)\n"
        "and the API token in the system credential store, or where no credential store answers in\n"
        "the owner-only files teamai-cli reads (~/.teamai/token, ~/.teamai/apikey, config.json).\n"
        "Without --token, a token teamai-cli left in those files is moved to the same place.\n"
        "A new token replaces the old one everywhere. Then installs TeamAI's hooks (session start, prompt submit,\n"
        "post tool use, stop) into each agent's user settings, running this teamai by its\n"
        "absolute path (`... hook-dispatch EVENT --tool AGENT`). Running init again changes nothing\n"
        "that is already in place; TeamAI hooks teamai-cli wrote are replaced by these (one set per\n"
        "agent); hooks that are not TeamAI's are left alone.\n"
        "With --mcp, also registers TeamAI's MCP server (`teamai mcp`, stdio, this teamai by its\n"
        "absolute path) as `teamai` in each agent's own MCP configuration (~/.claude.json,\n"
        "~/.codex/config.toml...), recorded in ~/.teamai/local-agent/mcp-registration.json; a\n"
        "`teamai` server you wrote yourself is left alone. `teamai uninstall` removes it.\n"
        "\n"
        "Options:\n"
        "  --http URL           the backend's base URL (http or https)\n"
        "  --token TOKEN        the API token (TEAMAI_TOKEN in the environment also works)\n"
        "  --agent LIST         agents to hook, comma-separated and repeatable (--agents LIST is\n"
        "                       the same; default: every agent whose folder, e.g. ~/.claude,\n"
        "                       exists):\n                       ") + wrappedToolList(23) + QStringLiteral("\n"
        "  --scope user|project accepted as by teamai-cli (project: not in your home folder);\n"
        "                       the endpoint, token and hooks are per user in either scope\n"
        "  --token-store WHERE  auto (default): credential store, else file; keychain; file\n"
        "  --mcp                register the `teamai mcp` server in each agent's MCP configuration\n"
        "  --force              accepted: init never asks before replacing the configuration\n"
        "\n"
        "This client has no git team repo: teamai-cli's options for one (a repo argument, --repo,\n"
        "--self, --role, --project, --inherit-user-scope, --no-inherit-user-scope) are refused\n"
        "with an error, changing nothing.\n"
        "\n"
        "Example:\n"
        "  teamai init --http https://teamai.example.com --token \"$TEAMAI_TOKEN\" --agent claude,codex");
}

int InitCommand::run(const QStringList &arguments)
{
    CommandLine line = InitOptions::commandLine();
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const InitOptions options = InitOptions::from(line, QDir::currentPath(), paths::homeDir());
    if (!options.error.isEmpty())
        return usageError(name(), options.error);
    for (const QString &note : options.notes)
        printOut(note);
    const QString &endpoint = options.endpoint;
    const TokenStore::Backend backend = options.backend;
    const QList<const ToolInfo *> agents = options.agentsGiven ? options.agents : agentsPresent();

    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty()) {
        printErr(QStringLiteral("teamai init: %1 (fix or remove the file; nothing was changed)").arg(loaded.error));
        return kExitFailure;
    }
    AgentConfig config = loaded.config;
    const QString previousEndpoint = config.endpoint();
    config.setEndpoint(endpoint);
    // A token in config.json belongs to the old endpoint; the token store decides where it goes.
    if (previousEndpoint != config.endpoint())
        config.setToken({});
    QString error;
    if (!config.save(&error)) {
        printErr(QStringLiteral("teamai init: %1").arg(error));
        return kExitFailure;
    }
    printOut(QStringLiteral("Endpoint saved: %1").arg(config.endpoint()));
    if (!saveToken(config.endpoint(), previousEndpoint, options.token, backend))
        return kExitFailure;
    const int hooks = installHooks(agents);
    const int mcp = options.mcp ? registerMcp(agents) : kExitOk;
    return hooks != kExitOk ? hooks : mcp;
}

bool InitCommand::saveToken(const QString &endpoint, const QString &previousEndpoint, const QString &token,
                            TokenStore::Backend backend) const
{
    TokenStore::SaveResult saved;
    if (!token.isEmpty()) {
        saved = TokenStore::save(endpoint, token, backend, previousEndpoint);
    } else {
        // No new token: one teamai-cli left (config.json, ~/.teamai/token, ~/.teamai/apikey) moves here.
        saved = TokenStore::adoptReferenceToken(endpoint, backend);
        if (saved.ok && saved.movedFrom.isEmpty()) {
            if (TokenStore::load(endpoint).token.isEmpty())
                printOut(QStringLiteral("No token given: requests go out without one until you run init with --token."));
            return true;
        }
    }
    if (!saved.ok) {
        printErr(QStringLiteral("teamai init: cannot save the token: %1").arg(saved.error));
        return false;
    }
    if (!saved.movedFrom.isEmpty())
        printOut(QStringLiteral("Token found in %1 (teamai-cli) moved to %2").arg(saved.movedFrom, locationName(saved.location)));
    else
        printOut(QStringLiteral("Token saved in %1").arg(locationName(saved.location)));
    if (!saved.fallbackReason.isEmpty())
        printOut(QStringLiteral("  (no credential store: %1)").arg(saved.fallbackReason));
    return true;
}

int InitCommand::installHooks(const QList<const ToolInfo *> &agents) const
{
    if (agents.isEmpty()) {
        printOut(QStringLiteral("No agent folder (~/.claude, ~/.codex, ...) found: no hooks installed. Choose agents with --agent."));
        return kExitOk;
    }
    // The running binary, resolved by the OS: hooks must not depend on PATH or a login shell.
    const QString teamai = QCoreApplication::applicationFilePath();
    bool failed = false;
    for (const ToolInfo *tool : agents) {
        if (tool->hooksSettings.isEmpty()) {
            printOut(QStringLiteral("No hooks for %1: its hook format is not supported yet (docs/compatibility.md)").arg(tool->name));
            continue;
        }
        const agenthooks::dispatch::Change change = agenthooks::dispatch::install(*tool, paths::homeDir(), teamai);
        if (!change.ok) {
            printErr(QStringLiteral("teamai init: cannot install the %1 hooks: %2").arg(tool->name, change.error));
            failed = true;
        } else if (change.written) {
            printOut(QStringLiteral("Hooks installed for %1 in %2").arg(tool->name, change.settingsPath));
        } else {
            printOut(QStringLiteral("Hooks for %1 already in place in %2").arg(tool->name, change.settingsPath));
        }
    }
    return failed ? kExitFailure : kExitOk;
}

int InitCommand::registerMcp(const QList<const ToolInfo *> &agents) const
{
    // The same binary the hooks run: the agent must not depend on PATH to find it either.
    const QString teamai = QCoreApplication::applicationFilePath();
    bool failed = false;
    for (const ToolInfo *tool : agents) {
        if (tool->mcpFormat == McpFormat::None || tool->mcpConfig.isEmpty()) {
            printOut(QStringLiteral("No MCP server for %1: it has no MCP configuration TeamAI can write").arg(tool->name));
            continue;
        }
        const mcp::registration::Outcome outcome = mcp::registration::registerServer(*tool, teamai);
        if (!outcome.ok) {
            printErr(QStringLiteral("teamai init: cannot register the MCP server for %1: %2").arg(tool->name, outcome.error));
            failed = true;
        } else {
            printOut(QStringLiteral("%1: %2").arg(tool->name, outcome.detail));
        }
    }
    return failed ? kExitFailure : kExitOk;
}

} // namespace teamai::cli
