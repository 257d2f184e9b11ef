#include "sync/SyncEngine.h"
#include "sync/RecordHealth.h"

#include "agenthooks/HookRuleGate.h"
#include "binding/RoundMaintenance.h"
#include "commands/PushedCommandMarker.h"
#include "config/AdminPolicy.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
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
    QString tokenSource;
    quint64 tokenGeneration = 0;
    QNetworkAccessManager network;
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
};

SyncEngine::SyncEngine()
    : d(std::make_unique<Setup>())
{
}

SyncEngine::~SyncEngine() = default;

std::unique_ptr<SyncEngine> SyncEngine::create(QString *error)
{
    // Every way to sync (sync, hook mode, worker, the tray) builds this engine: the one place the
    // no-recursion rule for pushed commands is enforced.
    if (pushedmarker::isInsidePushedCommand()) {
        *error = pushedmarker::refusal(QStringLiteral("a pushed command never syncs, runs hooks or is a worker"));
        return nullptr;
    }
    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty()) {
        const auto broken = records::brokenConfig();
        *error = broken ? broken->sentence() : loaded.error;
        return nullptr;
    }
    // No config.json endpoint: the environment configures the agent, as in teamai-cli (no files).
    const bool fromEnvironment = !loaded.exists || loaded.config.endpoint().isEmpty();
    if (fromEnvironment)
        loaded.config = AgentConfig::fromEnvironment();
    if (loaded.config.endpoint().isEmpty()) {
        *error = QStringLiteral("not configured: run `teamai init --http <backend URL> --token <token>` first");
        return nullptr;
    }
    const QString endpointProblem = AgentConfig::validateEndpoint(loaded.config.endpoint());
    if (!endpointProblem.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(fromEnvironment ? QStringLiteral("TEAMAI_HTTP_ENDPOINT") : AgentConfig::defaultPath(), endpointProblem);
        return nullptr;
    }

    std::unique_ptr<SyncEngine> engine(new SyncEngine);
    Setup &s = *engine->d;
    s.config = loaded.config;
    // Nothing runs unless it can be recorded first (SPEC §7).
    s.database = std::make_unique<LedgerDatabase>();
    if (!s.database->open()) {
        *error = QStringLiteral("the command ledger is unavailable: %1").arg(s.database->error());
        return nullptr;
    }
    s.ledger = std::make_unique<CommandLedger>(*s.database);
    s.recovered = s.ledger->recoverInterrupted([](const LedgerCommand &row) {
        return payloads::ack(row.commandId, row.type, false, row.error, QString());
    });
    TokenStore::Loaded token;
    if (fromEnvironment) {
        token.token = s.config.token();
        token.source = token.token.isEmpty() ? QString() : QStringLiteral("env");
    } else {
        token = TokenSource::current(s.config.endpoint(), &s.tokenGeneration);
    }
    if (!token.error.isEmpty())
        qCWarning(lcConfig).noquote() << "token not available:" << token.error;
    // Without its settings TeamAI does not know where the token is: say that, rather than send
    // no token and report the backend's "unauthorized".
    if (token.token.isEmpty() && !fromEnvironment) {
        if (const auto broken = records::brokenSettings()) {
            *error = broken->sentence();
            return nullptr;
        }
    }
    s.tokenSource = token.source;

    configureProxy(s.network);
    // An extra CA file (config.json `caFile`) applies to the backend and to downloads alike.
    const QString caFile = s.config.toJson().value(QStringLiteral("caFile")).toString();
    BackendOptions options;
    options.endpoint = s.config.endpoint();
    options.token = token.token;
    options.routeOverrides = s.config.routes();
    options.caFile = caFile;
    s.client = std::make_unique<BackendClient>(&s.network, options);

    const AdminPolicy::Loaded policy = AdminPolicy::load();
    if (policy.maxCommandTimeoutSeconds)
        s.execPolicy.maxTimeoutMs = *policy.maxCommandTimeoutSeconds * 1000;
    s.executor = std::make_unique<exec::LocalExecutor>();
    s.monitor = std::make_unique<ExecutionMonitor>(*s.executor);
    s.restricted = std::make_unique<RestrictedCommandHandler>(*s.monitor, s.execPolicy);
    CommandDispatcher::Handlers handlers;
    handlers.restricted = s.restricted.get();
    s.hookRuleCommands = std::make_unique<HookRuleCommandHandler>();
    handlers.hookRules = s.hookRuleCommands.get();
    s.mcpCommands = std::make_unique<McpCommandHandler>();
    handlers.mcp = s.mcpCommands.get();
    s.resourceCommands = std::make_unique<ResourceCommandHandler>(&s.network, caFile);
    handlers.resources = s.resourceCommands.get();
    s.modelConfigCommands = std::make_unique<ModelConfigCommandHandler>();
    handlers.modelConfig = s.modelConfigCommands.get();
    s.dispatcher = std::make_unique<CommandDispatcher>(handlers);
    return engine;
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
    return !retention.prunedWithinADay() && retention.isDue(retentionPolicy());
}

LedgerRetention::Result SyncEngine::pruneHistory()
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
    // As the reference does before it reports: dead bindings pruned, this workspace's tool stamped.
    if (!options.skipReport && options.tool)
        binding::maintainBeforeRound(d->config, *options.tool, options.cwd, options.foreground ? kForegroundLockWaitMs : kRoundLockWaitMs);
    SyncSession session(*d->client, *d->dispatcher, d->config, *d->ledger);
    SyncSummary summary = session.run(options);
    summary.interruptedRecovered = std::exchange(d->recovered, 0);
    const QString message = !summary.syncError.isEmpty() ? summary.syncError
        : !summary.allAcksDelivered() ? QStringLiteral("some acknowledgements were not delivered yet")
                                      : QString();
    QString error;
    if (!lastsync::save({summary.startedAt, summary.syncOk && summary.allAcksDelivered(), message,
                         options.tool ? options.tool->name : QString()},
                        lastsync::defaultPath(), &error))
        qCWarning(lcSync).noquote() << "cannot record the sync outcome:" << error;
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

QString SyncEngine::tokenSource() const
{
    return d->tokenSource;
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
