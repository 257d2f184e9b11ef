#include "sync/SyncEngine.h"
#include "sync/RecordHealth.h"

#include "agenthooks/HookRuleGate.h"
#include "binding/ReportWorkspaces.h"
#include "binding/RoundMaintenance.h"
#include "commands/PushedCommandMarker.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/RemoteCommandGate.h"
#include "config/TokenSource.h"
#include "exec/ExecPolicy.h"
#include "exec/LocalExecutor.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "net/ProxySetup.h"
#include "store/CommandLedger.h"
#include "store/LastSyncFile.h"
#include "store/LedgerDatabase.h"
#include "sync/CommandDispatcher.h"
#include "sync/ExecutionMonitor.h"
#include "sync/HookRuleCommandHandler.h"
#include "sync/McpCommandHandler.h"
#include "sync/ModelConfigCommandHandler.h"
#include "sync/Payloads.h"
#include "sync/ResourceCommandHandler.h"
#include "sync/RestrictedCommandHandler.h"
#include "tools/ToolTable.h"
#include "util/Clock.h"

#include <QNetworkAccessManager>

#include <sqlite3.h>

#include <algorithm>
#include <utility>

namespace teamai {
namespace {

constexpr int kForegroundLockWaitMs = 100;
constexpr int kRoundLockWaitMs = 2000;

} // namespace

struct SyncEngine::Setup {
    AgentConfig config;
    quint64 tokenGeneration = 0;
    const Clock *clock = &Clock::system();
    std::unique_ptr<QNetworkAccessManager> ownNetwork;  // unless one was injected
    QNetworkAccessManager *network = nullptr;
    std::unique_ptr<BackendClient> client;
    exec::ExecPolicy execPolicy;
    std::unique_ptr<exec::LocalExecutor> executor;
    std::unique_ptr<ExecutionMonitor> monitor;  // between the handlers and the executor
    std::unique_ptr<RestrictedCommandHandler> restricted;
    std::unique_ptr<HookRuleCommandHandler> hookRuleCommands;
    std::unique_ptr<McpCommandHandler> mcpCommands;
    std::unique_ptr<ResourceCommandHandler> resourceCommands;
    std::unique_ptr<ModelConfigCommandHandler> modelConfigCommands;
    std::unique_ptr<CommandDispatcher> dispatcher;
    std::unique_ptr<LedgerDatabase> database;
    std::unique_ptr<CommandLedger> ledger;
    int recovered = 0;

    Status openLedger(EngineInputs &inputs);
    void connectBackend(const EngineInputs &inputs);
    void buildHandlers(const CommandDispatcher::Handlers &chosen, const QString &caFile);
};

SyncEngine::SyncEngine()
    : d(std::make_unique<Setup>())
{
}

SyncEngine::~SyncEngine() = default;

namespace {

// config.json, or the environment when it names no endpoint; fails when neither configures a
// usable backend.
Status readConfig(AgentConfig &config, bool &fromEnvironment)
{
    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty()) {
        const auto broken = records::brokenConfig();
        return Error{broken ? broken->sentence() : loaded.error};
    }
    // No config.json endpoint: the environment configures the agent, as in teamai-cli (no files).
    fromEnvironment = !loaded.exists || loaded.config.endpoint().isEmpty();
    if (fromEnvironment)
        loaded.config = AgentConfig::fromEnvironment();
    if (loaded.config.endpoint().isEmpty())
        return Error{QStringLiteral("not configured: run `teamai init --http <backend URL> --token <token>` first")};
    const Status endpoint = AgentConfig::validateEndpoint(loaded.config.endpoint());
    if (!endpoint)
        return Error{QStringLiteral("%1: %2").arg(fromEnvironment ? QStringLiteral("TEAMAI_HTTP_ENDPOINT") : AgentConfig::defaultPath(), endpoint.error())};
    config = loaded.config;
    return {};
}

Status readToken(EngineInputs &inputs, bool fromEnvironment)
{
    TokenStore::Loaded token;
    if (fromEnvironment) {
        token.token = inputs.config.token();
        token.source = token.token.isEmpty() ? QString() : QStringLiteral("env");
    } else {
        token = TokenSource::current(inputs.config.endpoint(), &inputs.tokenGeneration);
    }
    if (!token.error.isEmpty())
        qCWarning(lcConfig).noquote() << "token not available:" << token.error;
    // Without its settings TeamAI does not know where the token is: say that, rather than send
    // no token and report the backend's "unauthorized".
    if (token.token.isEmpty() && !fromEnvironment) {
        if (const auto broken = records::brokenSettings())
            return Error{broken->sentence()};
    }
    inputs.token = token.token;
    return {};
}

Error ledgerUnavailable(const Status &opened)
{
    return Error{QStringLiteral("the command ledger is unavailable: %1").arg(opened.error())};
}

} // namespace

Result<std::unique_ptr<SyncEngine>> SyncEngine::create()
{
    // Every way to sync (sync, hook mode, worker, the tray) builds this engine: the one place the
    // no-recursion rule for pushed commands is enforced.
    if (pushedmarker::isInsidePushedCommand())
        return Error{pushedmarker::refusal(QStringLiteral("a pushed command never syncs, runs hooks or is a worker"))};
    EngineInputs inputs;
    bool fromEnvironment = false;
    if (const Status config = readConfig(inputs.config, fromEnvironment); !config)
        return Error{config.error()};
    // Nothing runs unless it can be recorded first (SPEC §7).
    inputs.database = std::make_unique<LedgerDatabase>();
    if (const Status opened = inputs.database->open(); !opened)
        return ledgerUnavailable(opened);
    if (const Status token = readToken(inputs, fromEnvironment); !token)
        return Error{token.error()};
    // The admin policy's cap on a pushed command's timeout (docs/policy.md), read where the plugin
    // reconcile reads it too.
    inputs.execPolicy.maxTimeoutMs = RemoteCommandGate::commandTimeoutCapMs();
    return fromSetup(std::move(inputs));
}

Result<std::unique_ptr<SyncEngine>> SyncEngine::fromSetup(EngineInputs inputs)
{
    std::unique_ptr<SyncEngine> engine(new SyncEngine);
    Setup &s = *engine->d;
    s.config = inputs.config;
    s.tokenGeneration = inputs.tokenGeneration;
    s.execPolicy = inputs.execPolicy;
    if (inputs.clock)
        s.clock = inputs.clock;
    if (const Status opened = s.openLedger(inputs); !opened)
        return Error{opened.error()};
    s.connectBackend(inputs);
    // An extra CA file (config.json `caFile`) applies to the backend and to downloads alike.
    s.buildHandlers(inputs.handlers, s.config.toJson().value(QStringLiteral("caFile")).toString());
    return engine;
}

Status SyncEngine::Setup::openLedger(EngineInputs &inputs)
{
    database = inputs.database ? std::move(inputs.database) : std::make_unique<LedgerDatabase>(inputs.ledgerPath);
    if (!database->isOpen()) {
        if (const Status opened = database->open(); !opened)
            return ledgerUnavailable(opened);
    }
    ledger = std::make_unique<CommandLedger>(*database);
    recovered = ledger->recoverInterrupted([](const LedgerCommand &row) {
        return payloads::ack(row.commandId, row.type, false, row.error, QString());
    });
    return {};
}

void SyncEngine::Setup::connectBackend(const EngineInputs &inputs)
{
    if (inputs.network) {
        network = inputs.network;
    } else {
        ownNetwork = std::make_unique<QNetworkAccessManager>();
        configureProxy(*ownNetwork);
        network = ownNetwork.get();
    }
    BackendOptions options;
    options.endpoint = config.endpoint();
    options.token = inputs.token;
    options.routeOverrides = config.routes();
    options.caFile = config.toJson().value(QStringLiteral("caFile")).toString();
    client = std::make_unique<BackendClient>(network, options);
    // A round is a few small POSTs in a row, and hundreds with a batch of acks (docs/architecture.md,
    // "The one exception"); an injected manager (tests' fakes) is used for everything, as given.
    const auto direct = [this](Route route) { return reachesDirectly(*ownNetwork, client->urlFor(route)); };
    if (ownNetwork && direct(Route::Report) && direct(Route::Sync) && direct(Route::Ack))
        client->sendPostsOnOwnConnection();
}

void SyncEngine::Setup::buildHandlers(const CommandDispatcher::Handlers &chosen, const QString &caFile)
{
    executor = std::make_unique<exec::LocalExecutor>();
    monitor = std::make_unique<ExecutionMonitor>(*executor);
    restricted = std::make_unique<RestrictedCommandHandler>(*monitor, execPolicy);
    hookRuleCommands = std::make_unique<HookRuleCommandHandler>();
    mcpCommands = std::make_unique<McpCommandHandler>();
    resourceCommands = std::make_unique<ResourceCommandHandler>(network, caFile);
    modelConfigCommands = std::make_unique<ModelConfigCommandHandler>();
    CommandDispatcher::Handlers handlers;
    handlers.restricted = chosen.restricted ? chosen.restricted : restricted.get();
    handlers.hookRules = chosen.hookRules ? chosen.hookRules : hookRuleCommands.get();
    handlers.mcp = chosen.mcp ? chosen.mcp : mcpCommands.get();
    handlers.resources = chosen.resources ? chosen.resources : resourceCommands.get();
    handlers.modelConfig = chosen.modelConfig ? chosen.modelConfig : modelConfigCommands.get();
    dispatcher = std::make_unique<CommandDispatcher>(handlers);
}

void SyncEngine::setRequestTimeoutMs(int timeoutMs)
{
    d->client->setTimeoutMs(timeoutMs);
}

void SyncEngine::setLedgerWaitLimitMs(int waitMs)
{
    sqlite3_busy_timeout(d->database->db(), std::max(1, waitMs));
}

namespace {

RetentionPolicy retentionPolicy()
{
    const AgentSettings::Loaded loaded = AgentSettings::load();
    RetentionPolicy policy;  // an invalid file never prunes more than the defaults would
    if (loaded.error.isEmpty()) {
        policy.maxAgeDays = loaded.settings.historyRetentionDays();
        policy.maxCommands = loaded.settings.historyMaxCommands();
    }
    return policy;
}

} // namespace

bool SyncEngine::retentionDue()
{
    // The cheap question first: most hooks stop here without reading the settings file.
    LedgerRetention retention(*d->database);
    return !retention.prunedWithinADay() && retention.mayHaveWork(retentionPolicy());
}

LedgerRetention::Pruned SyncEngine::pruneHistory()
{
    LedgerRetention retention(*d->database);
    if (retention.prunedWithinADay())
        return {};
    return retention.prune(retentionPolicy());
}

SyncSummary SyncEngine::runOnce(const SyncOptions &options)
{
    // Installed hook rules follow the kill switch as this process sees it (environment and
    // policy included) before anything else; a foreground hook does not wait for the lock.
    agenthooks::hookrules::followGateNow(options.foreground ? kForegroundLockWaitMs : kRoundLockWaitMs);
    // The walk up to the git root, once for the round (bindings, report and sync all use it).
    const QString workspace = reportworkspaces::workspaceOf(options.cwd);
    // As the reference does before it reports: dead bindings pruned, this workspace's tool stamped.
    if (!options.skipReport && options.tool)
        binding::maintainBeforeRound(d->config, *options.tool, workspace, options.foreground ? kForegroundLockWaitMs : kRoundLockWaitMs);
    SyncSession session(*d->client, *d->dispatcher, d->config, *d->ledger, *d->clock);
    SyncSummary summary = session.run(options, workspace);
    summary.interruptedRecovered = std::exchange(d->recovered, 0);
    // A rejected token may have been replaced meanwhile (or the cache may hold one the backend
    // no longer takes): the next read of any process asks the store itself.
    if (summary.syncHttpStatus == 401 || summary.syncHttpStatus == 403)
        TokenSource::invalidate();
    const QString message = !summary.syncError.isEmpty() ? summary.syncError
        : !summary.allAcksDelivered() ? QStringLiteral("some acknowledgements were not delivered yet")
                                      : QString();
    const Status recorded = lastsync::save({summary.startedAt, summary.syncOk && summary.allAcksDelivered(), message,
                                            options.tool ? options.tool->name : QString()});
    if (!recorded)
        qCWarning(lcSync).noquote() << "cannot record the sync outcome:" << recorded.error();
    return summary;
}

CommandLedger &SyncEngine::ledger()
{
    return *d->ledger;
}

BackendClient &SyncEngine::client()
{
    return *d->client;
}

QString SyncEngine::endpoint() const
{
    return d->config.endpoint();
}

quint64 SyncEngine::tokenGeneration() const
{
    return d->tokenGeneration;
}

void SyncEngine::setExecutionObserver(ExecutionObserver observer)
{
    d->monitor->setObserver(std::move(observer));
}

bool SyncEngine::cancelRunning()
{
    return d->monitor->cancelRunning();
}

} // namespace teamai
