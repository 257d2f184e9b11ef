#include "plugins/PluginPull.h"

#include "commands/PushedCommandMarker.h"
#include "commands/RestrictedCommand.h"
#include "config/AgentConfig.h"
#include "config/RemoteCommandGate.h"
#include "exec/DetachedStart.h"
#include "exec/LocalExecutor.h"
#include "identity/AgentIdentity.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "plugins/PluginRunner.h"
#include "plugins/PluginState.h"
#include "net/ConfiguredClient.h"
#include "tools/ToolTable.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include <QDateTime>

#include <algorithm>

namespace teamai::plugins::pull {
namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

void recordFailure(const QString &error)
{
    QJsonObject pullState = state::readPull();
    pullState.insert(QStringLiteral("lastFailAt"), double(nowMs()));
    // Not recorded, the failure only costs an earlier retry: the next session-start asks again.
    (void)state::writePull(pullState);
    qCInfo(lcSync).noquote() << "plugin reconcile: nothing changed:" << error;
}

void recordPull()
{
    // Not recorded, the pull only happens again sooner: the next session-start asks again.
    (void)state::writePull(QJsonObject{{QStringLiteral("lastPullAt"), double(nowMs())}});
}

/// The configuration to ask, and whether it came from the environment.
struct ConfigToAsk {
    AgentConfig config;
    bool fromEnvironment = false;
};

/// config.json, else the environment (as a sync does).
Result<ConfigToAsk> loadConfig()
{
    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty())
        return Error{loaded.error};
    ConfigToAsk ask;
    ask.fromEnvironment = !loaded.exists || loaded.config.endpoint().isEmpty();
    ask.config = ask.fromEnvironment ? AgentConfig::fromEnvironment() : loaded.config;
    if (const Status endpoint = AgentConfig::validateEndpoint(ask.config.endpoint()); !endpoint)
        return Error{endpoint.error()};
    return ask;
}

/// The plugins whose every placeholder is filled; the others go to @p unresolved.
QList<PluginSpec> resolve(const PluginConfig &config, const ToolInfo &tool, QStringList *unresolved)
{
    QHash<QString, QString> variables = config.variables;
    variables.insert(QStringLiteral("local_agent_id"), tool.name + u'-' + identity::localAgentId(tool));
    QList<PluginSpec> ready;
    for (PluginSpec spec : config.plugins) {
        for (QString *command : {&spec.installCmd, &spec.updateCmd, &spec.uninstallCmd, &spec.runCmd})
            *command = PluginConfig::substitute(*command, variables);
        QStringList missing;
        for (const QString *command : {&spec.installCmd, &spec.updateCmd, &spec.uninstallCmd, &spec.runCmd})
            missing += PluginConfig::placeholders(*command);
        if (missing.isEmpty()) {
            ready.append(spec);
            continue;
        }
        missing.removeDuplicates();
        qCWarning(lcSync).noquote() << "plugin" << spec.slug << "left as it is: unresolved placeholders" << missing.join(u',');
        unresolved->append(spec.slug);
    }
    return ready;
}

/// The real world a reconcile runs in: our executor under the command timeout cap, plugins.json.
class PluginCommandContext
{
public:
    PluginCommandContext() : m_policy(capped()), m_executor(m_policy) {}

    ReconcileDeps deps() const
    {
        ReconcileDeps deps;
        deps.nowMs = nowMs;
        deps.save = [](const QJsonObject &changed) {
            // Not recorded, a step is taken again by the next reconcile, as after a crash.
            (void)state::writePlugins(changed);
        };
        deps.run = [this](const QString &slug, const QString &command, int timeoutMs) {
            return PluginRunner(m_executor, m_policy, slug).run(command, timeoutMs);
        };
        return deps;
    }

private:
    static exec::ExecPolicy capped()
    {
        exec::ExecPolicy policy;
        policy.maxTimeoutMs = RemoteCommandGate::commandTimeoutCapMs();
        return policy;
    }

    exec::ExecPolicy m_policy;
    mutable exec::LocalExecutor m_executor;
};

/// Reconciles plugins.json with what @p parsed declares, and records the pull.
ReconcileReport apply(const PluginConfig &parsed, const ToolInfo &tool)
{
    QStringList unresolved;
    const QList<PluginSpec> desired = resolve(parsed, tool, &unresolved);
    const PluginCommandContext context;
    QJsonObject plugins = state::readPlugins();
    const ReconcileReport report = reconcile(desired, unresolved, plugins, context.deps());
    recordPull();
    qCInfo(lcSync).noquote() << "plugin reconcile:" << desired.size() << "plugin(s) declared;" << report.installed.size()
                             << "installed," << report.updated.size() << "updated," << report.uninstalled.size()
                             << "uninstalled," << report.failed.size() << "failed";
    return report;
}

} // namespace

bool due()
{
    return !pushedmarker::isInsidePushedCommand() && RemoteCommandGate::evaluate().allowed
        && state::pullDue(state::readPull(), nowMs());
}

void checkFromHook(const ToolInfo &tool, BackendClient &client, QDeadlineTimer deadline)
{
    const qint64 left = deadline.isForever() ? kHookBudgetMs : deadline.remainingTime() - 100;
    if (left < 200)
        return;  // no time this session; the next one asks
    client.setDeadline(QDeadlineTimer(std::min<qint64>(left, kHookBudgetMs)));
    const BackendReply reply = client.get(Route::GetConfig);
    client.setDeadline(deadline);
    const PluginConfig parsed = reply.ok ? PluginConfig::fromAnswer(reply.body) : PluginConfig{{}, {}, reply.error};
    if (!parsed.ok()) {
        recordFailure(parsed.error);
        return;
    }
    if (parsed.plugins.isEmpty() && state::readPlugins().isEmpty()) {
        recordPull();
        return;
    }
    launch(tool.name);
}

bool launch(const QString &tool)
{
    const exec::DetachedStarted started = exec::startDetached(
        {ownTeamaiExecutable(), {QStringLiteral("reconcile-plugins"), QStringLiteral("--tool"), tool}, paths::agentStateDir()});
    if (!started.ok())
        qCWarning(lcSync).noquote() << "cannot start the plugin reconcile:" << started.error;
    return started.ok();
}

ReconcileReport teardownAll()
{
    QJsonObject plugins = state::readPlugins();
    if (plugins.isEmpty())
        return {};
    const PluginCommandContext context;
    return teardown(plugins, context.deps());
}

PullOutcome run(const ToolInfo &tool)
{
    PullOutcome outcome;
    if (pushedmarker::isInsidePushedCommand()) {
        outcome.error = pushedmarker::refusal(QStringLiteral("a pushed command never reconciles plugins"));
        return outcome;
    }
    if (!RemoteCommandGate::evaluate().allowed) {
        outcome.error = QStringLiteral("remote cmd disabled by client");
        return outcome;
    }
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder) {
        outcome.error = folder.error();
        return outcome;
    }
    // Named like the workers' locks: whoever waits for the background work waits for this too.
    // It exists while a reconcile runs (removed on release); a crashed run's lock went with it.
    FileLock lock(paths::agentStateDir() + QStringLiteral("/worker-plugins.lock"), {.removeWhenReleased = true});
    if (!lock.acquire(0)) {
        outcome.error = QStringLiteral("another plugin reconcile is running");
        return outcome;
    }
    if (!state::pullDue(state::readPull(), nowMs())) {
        outcome.error = QStringLiteral("not due");
        return outcome;
    }
    outcome.ran = true;
    const Result<ConfigToAsk> ask = loadConfig();
    if (!ask) {
        outcome.error = ask.error();
        recordFailure(outcome.error);
        return outcome;
    }
    ConfiguredClient configured(ask->config, ask->fromEnvironment);
    const BackendReply reply = configured.client().get(Route::GetConfig);
    const PluginConfig parsed = reply.ok ? PluginConfig::fromAnswer(reply.body) : PluginConfig{{}, {}, reply.error};
    if (!parsed.ok()) {
        outcome.error = parsed.error;
        recordFailure(outcome.error);
        return outcome;
    }
    outcome.fetched = true;
    outcome.report = apply(parsed, tool);
    return outcome;
}

} // namespace teamai::plugins::pull
