#include "cli/InitCommand.h"

#include "cli/CommandLine.h"
#include "cli/InitOptions.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenStore.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QCoreApplication>
#include <QDir>

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

} // namespace

InitCommand::InitCommand()
    : CliCommand("init", "Connect this machine to a TeamAI backend")
{
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
    EnrollmentRequest request;
    request.endpoint = options.endpoint;
    request.token = options.token;
    request.tokenStore = options.backend;
    request.agents = options.toolsGiven ? options.tools : Enrollment::agentsPresent();
    request.mcp = options.mcp ? EnrollmentMcp::Register : EnrollmentMcp::Leave;
    // The running binary, resolved by the OS: hooks must not depend on PATH or a login shell.
    request.teamaiProgram = QCoreApplication::applicationFilePath();
    const EnrollmentResult result = Enrollment::run(request);
    if (!result.error.isEmpty()) {
        printErr(QStringLiteral("teamai init: %1").arg(result.error));
        return kExitFailure;
    }
    printOut(QStringLiteral("Endpoint saved: %1").arg(result.endpoint));
    printToken(result.token);
    printHooks(result.hooks);
    if (options.mcp)
        printMcp(result.mcp);
    return result.ok() ? kExitOk : kExitFailure;
}

void InitCommand::printToken(const EnrollmentToken &token) const
{
    switch (token.outcome) {
    case TokenOutcome::Missing:
        printOut(QStringLiteral("No token given: requests go out without one until you run init with --token."));
        return;
    case TokenOutcome::Kept:
        return;
    case TokenOutcome::Adopted:
        printOut(QStringLiteral("Token found in %1 (teamai-cli) moved to %2").arg(token.movedFrom, locationName(token.location)));
        break;
    case TokenOutcome::CarriedOver:
        printOut(QStringLiteral("The saved token now serves the new endpoint, in %1").arg(locationName(token.location)));
        break;
    case TokenOutcome::Saved:
        printOut(QStringLiteral("Token saved in %1").arg(locationName(token.location)));
        break;
    }
    if (!token.fallbackReason.isEmpty())
        printOut(QStringLiteral("  (no credential store: %1)").arg(token.fallbackReason));
}

void InitCommand::printHooks(const QList<EnrollmentStep> &hooks) const
{
    if (hooks.isEmpty()) {
        printOut(QStringLiteral("No AI tool folder (~/.claude, ~/.codex, ...) found: no hooks installed. Choose tools with --tool."));
        return;
    }
    for (const EnrollmentStep &step : hooks) {
        const QString &agent = step.tool->name;
        switch (step.outcome) {
        case EnrollmentStep::Outcome::Unsupported:
            printOut(QStringLiteral("No hooks for %1: its hook format is not supported yet (docs/compatibility.md)").arg(agent));
            break;
        case EnrollmentStep::Outcome::Failed:
            printErr(QStringLiteral("teamai init: cannot install the %1 hooks: %2").arg(agent, step.error));
            break;
        case EnrollmentStep::Outcome::Written:
            printOut(QStringLiteral("Hooks installed for %1 in %2").arg(agent, step.path));
            break;
        case EnrollmentStep::Outcome::InPlace:
        case EnrollmentStep::Outcome::UserOwned:
            printOut(QStringLiteral("Hooks for %1 already in place in %2").arg(agent, step.path));
            break;
        }
    }
}

void InitCommand::printMcp(const QList<EnrollmentStep> &mcp) const
{
    for (const EnrollmentStep &step : mcp) {
        if (step.outcome == EnrollmentStep::Outcome::Unsupported)
            printOut(QStringLiteral("No MCP server for %1: it has no MCP configuration TeamAI can write").arg(step.tool->name));
        else if (step.outcome == EnrollmentStep::Outcome::Failed)
            printErr(QStringLiteral("teamai init: cannot register the MCP server for %1: %2").arg(step.tool->name, step.error));
        else
            printOut(QStringLiteral("%1: %2").arg(step.tool->name, step.detail));
    }
}

} // namespace teamai::cli
