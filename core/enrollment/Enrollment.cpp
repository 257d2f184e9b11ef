#include "enrollment/Enrollment.h"

#include "agenthooks/DispatchHooks.h"
#include "config/AgentConfig.h"
#include "config/TokenSource.h"
#include "log/Logging.h"
#include "mcp/McpRegistration.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace teamai {
namespace {

using Location = AgentSettings::TokenLocation;
using Outcome = EnrollmentStep::Outcome;

/// The token saved for the endpoint being replaced, read before config.json changes.
struct CarriedToken {
    QString token;
    TokenStore::Backend store = TokenStore::Backend::Auto;
};

bool hasInnerWhitespace(const QString &text)
{
    for (const QChar c : text.trimmed()) {
        if (c.isSpace())
            return true;
    }
    return false;
}

/// Only a token in our own store moves: one from TEAMAI_TOKEN is never written anywhere, and
/// teamai-cli's is adopted instead (with where it came from).
CarriedToken tokenToCarry(const EnrollmentRequest &request, const EnrollmentResult &result)
{
    if (!request.token.trimmed().isEmpty() || result.previousEndpoint.isEmpty() || !result.endpointChanged())
        return {};
    const TokenStore::Loaded saved = TokenSource::current(result.previousEndpoint);
    const bool ours = saved.source == QLatin1String("file") || saved.source == QLatin1String("keychain");
    if (!ours || saved.token.isEmpty())
        return {};
    CarriedToken carried{saved.token, request.tokenStore};
    // It stays in the store it is in, unless the request names one.
    if (carried.store == TokenStore::Backend::Auto && saved.source == QLatin1String("file"))
        carried.store = TokenStore::Backend::File;
    return carried;
}

Status saveEndpoint(AgentConfig config, const EnrollmentResult &result)
{
    config.setEndpoint(result.endpoint);
    // A token in config.json belongs to the old endpoint; the token step decides what goes there.
    if (result.endpointChanged())
        config.setToken({});
    return config.save(result.configPath);
}

/// Puts config.json back as it was when the token could not be saved.
void restoreConfig(const AgentConfig::Loaded &before, const QString &path)
{
    const Status restored = before.exists ? before.config.save(path)
        : QFile::remove(path) || !QFile::exists(path) ? Status() : Status(Error{});
    if (!restored)
        qCWarning(lcConfig).noquote() << "could not put config.json back after a failed setup:" << restored.error();
}

Status recordSave(const TokenStore::SaveResult &saved, TokenOutcome outcome, EnrollmentResult &result)
{
    if (!saved.ok)
        return Error{QStringLiteral("cannot save the token: %1").arg(saved.error)};
    result.token = {outcome, saved.location, saved.fallbackReason, saved.movedFrom};
    return {};
}

/// No token given and none to carry over: teamai-cli's moves in, else the saved one stays.
Status adoptOrKeep(const EnrollmentRequest &request, EnrollmentResult &result)
{
    const TokenStore::SaveResult adopted = TokenStore::adoptReferenceToken(result.endpoint, request.tokenStore);
    TokenSource::invalidate();
    if (!adopted.ok || !adopted.movedFrom.isEmpty())
        return recordSave(adopted, TokenOutcome::Adopted, result);
    result.token.location = AgentSettings::load().settings.tokenLocation();
    result.token.outcome = TokenSource::current(result.endpoint).token.isEmpty() ? TokenOutcome::Missing : TokenOutcome::Kept;
    return {};
}

Status saveToken(const EnrollmentRequest &request, const CarriedToken &carried, EnrollmentResult &result)
{
    const QString typed = request.token.trimmed();
    if (!typed.isEmpty()) {
        return recordSave(TokenSource::save(result.endpoint, typed, request.tokenStore, result.previousEndpoint),
                          TokenOutcome::Saved, result);
    }
    if (!carried.token.isEmpty()) {
        return recordSave(TokenSource::save(result.endpoint, carried.token, carried.store, result.previousEndpoint),
                          TokenOutcome::CarriedOver, result);
    }
    return adoptOrKeep(request, result);
}

EnrollmentStep installHooks(const ToolInfo &tool, const QString &program)
{
    EnrollmentStep step{&tool, Outcome::Unsupported, {}, {}, {}};
    if (tool.hooksSettings.isEmpty())
        return step;  // its hook format has no writer yet (docs/compatibility.md)
    const agenthooks::dispatch::Change change = agenthooks::dispatch::install(tool, paths::homeDir(), program);
    step.path = change.settingsPath;
    step.error = change.error;
    step.outcome = !change.ok ? Outcome::Failed : change.written ? Outcome::Written : Outcome::InPlace;
    return step;
}

EnrollmentStep fromMcp(const ToolInfo &tool, const mcp::registration::Outcome &outcome)
{
    EnrollmentStep step{&tool, Outcome::Written, {}, outcome.detail, outcome.error};
    if (!outcome.ok)
        step.outcome = Outcome::Failed;
    else if (outcome.userOwned)
        step.outcome = Outcome::UserOwned;
    return step;
}

QList<EnrollmentStep> applyMcp(const EnrollmentRequest &request)
{
    QList<EnrollmentStep> steps;
    if (request.mcp == EnrollmentMcp::Unregister) {
        for (const ToolInfo &tool : knownTools()) {
            if (const QString file = mcp::registration::recordedFile(tool); !file.isEmpty()) {
                steps << fromMcp(tool, mcp::registration::unregisterServer(tool));
                steps.last().path = file;
            }
        }
        return steps;
    }
    for (const ToolInfo *tool : request.agents) {
        if (tool->mcpFormat == McpFormat::None || tool->mcpConfig.isEmpty())
            steps << EnrollmentStep{tool, Outcome::Unsupported, {}, {}, {}};
        else
            steps << fromMcp(*tool, mcp::registration::registerServer(*tool, request.teamaiProgram));
    }
    return steps;
}

} // namespace

QList<EnrollmentStep> EnrollmentResult::failures() const
{
    QList<EnrollmentStep> failed;
    for (const QList<EnrollmentStep> *steps : {&hooks, &mcp}) {
        for (const EnrollmentStep &step : *steps) {
            if (step.outcome == Outcome::Failed)
                failed << step;
        }
    }
    return failed;
}

Status Enrollment::validate(const EnrollmentRequest &request)
{
    if (const Status endpoint = AgentConfig::validateEndpoint(request.endpoint.trimmed()); !endpoint)
        return endpoint;
    if (hasInnerWhitespace(request.token))
        return Error{QStringLiteral("a token has no spaces: paste it again")};
    if (request.agents.contains(nullptr))
        return Error{QStringLiteral("an agent was not recognised")};
    // Hooks and the MCP entry run this program: it must not depend on PATH or a login shell.
    const QFileInfo program(request.teamaiProgram);
    if (request.teamaiProgram.isEmpty() || !program.isAbsolute())
        return Error{QStringLiteral("the teamai program must be given by its absolute path")};
    if (!program.isFile() || !program.isExecutable())
        return Error{QStringLiteral("%1 is missing: reinstall TeamAI").arg(request.teamaiProgram)};
    return {};
}

EnrollmentResult Enrollment::run(const EnrollmentRequest &request)
{
    EnrollmentResult result;
    if (const Status valid = validate(request); !valid) {
        result.error = valid.error();
        result.stoppedAt = EnrollmentResult::Stage::Request;
        return result;
    }
    result.configPath = AgentConfig::defaultPath();
    const AgentConfig::Loaded before = AgentConfig::load(result.configPath);
    // Checked first: a token saved where it cannot be recorded, or over a file we cannot read, is worse than none.
    const QString unreadable = !before.error.isEmpty() ? before.error : AgentSettings::load().error;
    if (!unreadable.isEmpty()) {
        result.error = QStringLiteral("%1 (fix or remove the file; nothing was changed)").arg(unreadable);
        result.stoppedAt = EnrollmentResult::Stage::Config;
        return result;
    }
    result.previousEndpoint = before.config.endpoint();
    result.endpoint = AgentConfig::normalizeEndpoint(request.endpoint);
    const CarriedToken carried = tokenToCarry(request, result);
    if (const Status saved = saveEndpoint(before.config, result); !saved) {
        result.error = saved.error();
        result.stoppedAt = EnrollmentResult::Stage::Config;
        return result;
    }
    if (const Status saved = saveToken(request, carried, result); !saved) {
        result.error = saved.error();
        result.stoppedAt = EnrollmentResult::Stage::Token;
        restoreConfig(before, result.configPath);
        return result;
    }
    for (const ToolInfo *tool : request.agents)
        result.hooks << installHooks(*tool, request.teamaiProgram);
    if (request.mcp != EnrollmentMcp::Leave)
        result.mcp = applyMcp(request);
    return result;
}

QList<const ToolInfo *> Enrollment::agentsPresent()
{
    QList<const ToolInfo *> agents;
    for (const ToolInfo &tool : knownTools()) {
        if (QFileInfo(QDir(paths::homeDir()).filePath(tool.rootDir())).isDir())
            agents.append(&tool);
    }
    return agents;
}


QList<const ToolInfo *> Enrollment::agentsNamed(const QStringList &names)
{
    QList<const ToolInfo *> agents;
    for (const QString &name : names)
        agents << findTool(name);
    return agents;
}

} // namespace teamai
