#include "mcpserver/StatusTool.h"

#include "Version.h"
#include "agenthooks/HookRules.h"
#include "config/AgentConfig.h"
#include "config/RemoteCommandGate.h"
#include "config/TokenStore.h"
#include "mcpserver/McpArguments.h"
#include "store/CommandLedger.h"
#include "store/LastSyncFile.h"
#include "store/LedgerDatabase.h"
#include "util/Redact.h"

#include <QJsonArray>

namespace teamai::mcpserver {
namespace {

QJsonObject commandCounts()
{
    LedgerDatabase database;
    if (const Status opened = database.open(); !opened)
        return QJsonObject{{QStringLiteral("ledger_error"), opened.error()}};
    CommandLedger ledger(database);
    const Result<int> pending = ledger.countInState(CommandState::Pending);
    const Result<int> running = ledger.countInState(CommandState::Running);
    const Result<int> waiting = ledger.outboxSize();
    // The last failure, as the ledger's own last error said before: each count is 0 when unread.
    const QString error = !waiting.ok() ? waiting.error() : !running.ok() ? running.error() : pending.error();
    return QJsonObject{{QStringLiteral("pending"), pending.valueOr(0)},
                       {QStringLiteral("running"), running.valueOr(0)},
                       {QStringLiteral("acks_waiting"), waiting.valueOr(0)},
                       {QStringLiteral("ledger_error"), error}};
}

QJsonObject lastSyncJson()
{
    const std::optional<SyncRecord> last = lastsync::load();
    if (!last || !last->time.isValid())
        return QJsonObject{{QStringLiteral("time"), QJsonValue::Null}, {QStringLiteral("ok"), false},
                           {QStringLiteral("message"), QStringLiteral("never synced")}, {QStringLiteral("tool"), QString()}};
    return QJsonObject{{QStringLiteral("time"), last->time.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("ok"), last->ok},
                       {QStringLiteral("message"), last->message},
                       {QStringLiteral("tool"), last->tool}};
}

QString statusText(const QJsonObject &s)
{
    const QJsonObject remote = s.value(QStringLiteral("remote_commands")).toObject();
    const QJsonObject commands = s.value(QStringLiteral("commands")).toObject();
    const QJsonObject last = s.value(QStringLiteral("last_sync")).toObject();
    const QString endpoint = s.value(QStringLiteral("endpoint")).toString();
    const QString source = s.value(QStringLiteral("token_source")).toString();
    QStringList lines{
        QStringLiteral("Backend: %1").arg(endpoint.isEmpty() ? QStringLiteral("not configured") : endpoint),
        QStringLiteral("Token source: %1").arg(source.isEmpty() ? QStringLiteral("none (no token recorded)") : source),
        QStringLiteral("Remote commands: %1").arg(remote.value(QStringLiteral("status_line")).toString()),
    };
    if (!remote.value(QStringLiteral("changed_by")).toString().isEmpty())
        lines << QStringLiteral("Kill switch last set by %1 at %2").arg(remote.value(QStringLiteral("changed_by")).toString(),
                                                                        remote.value(QStringLiteral("changed_at")).toString());
    const QString ledgerError = commands.value(QStringLiteral("ledger_error")).toString();
    lines << (ledgerError.isEmpty() ? QStringLiteral("Commands: %1 pending, %2 running")
                                          .arg(commands.value(QStringLiteral("pending")).toInt())
                                          .arg(commands.value(QStringLiteral("running")).toInt())
                                    : QStringLiteral("Commands: ledger unavailable: %1").arg(ledgerError));
    lines << (last.value(QStringLiteral("time")).isNull()
                  ? QStringLiteral("Last sync: never")
                  : QStringLiteral("Last sync: %1 %2%3").arg(last.value(QStringLiteral("time")).toString(),
                                                             last.value(QStringLiteral("ok")).toBool() ? QStringLiteral("ok") : QStringLiteral("failed"),
                                                             last.value(QStringLiteral("message")).toString().isEmpty()
                                                                 ? QString() : QStringLiteral(": ") + last.value(QStringLiteral("message")).toString()));
    return lines.join(u'\n');
}

QJsonObject hookRulesJson()
{
    const Result<QList<agenthooks::HookRuleRecord>> rules = agenthooks::hookrules::installedForAllTools();
    QJsonArray list;
    for (const agenthooks::HookRuleRecord &rule : rules.valueOr({}))
        list.append(QJsonObject{{QStringLiteral("slug"), rule.slug},
                                {QStringLiteral("tool"), rule.tool},
                                {QStringLiteral("event"), rule.agentEvent},
                                {QStringLiteral("state"), agenthooks::hookrules::stateName(rule)}});
    return QJsonObject{{QStringLiteral("rules"), list}, {QStringLiteral("error"), rules.error()}};
}

ToolResult runStatus(const std::function<StatusExtras()> &extras)
{
    const AgentConfig::Loaded config = AgentConfig::load();
    const QString endpoint = config.config.endpoint();
    QString tokenSource;
    if (!endpoint.isEmpty()) {
        const TokenStore::Loaded token = TokenStore::load(endpoint);
        tokenSource = token.source;
        addSecretValue(token.token);  // whatever text quotes it from now on is masked
    }
    QJsonObject status{
        {QStringLiteral("version"), QString::fromLatin1(kVersion)},
        {QStringLiteral("endpoint"), endpoint},
        {QStringLiteral("config_error"), config.error},
        {QStringLiteral("token_source"), tokenSource},
        {QStringLiteral("remote_commands"), remoteCommandsJson()},
        {QStringLiteral("commands"), commandCounts()},
        {QStringLiteral("last_sync"), lastSyncJson()},
        {QStringLiteral("hook_rules"), hookRulesJson()},
    };
    QString text = statusText(status);
    if (extras) {
        const StatusExtras more = extras();
        for (auto it = more.json.begin(); it != more.json.end(); ++it)
            status.insert(it.key(), it.value());
        for (const QString &line : more.lines)
            text += u'\n' + line.simplified();
    }
    return ToolResult::success(status, text);
}

} // namespace

QJsonObject remoteCommandsJson()
{
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    const QString decidedBy = RemoteCommandGate::reasonName(gate.reason);
    return QJsonObject{{QStringLiteral("allowed"), gate.allowed},
                       {QStringLiteral("decided_by"), decidedBy.isEmpty() ? QStringLiteral("default") : decidedBy},
                       {QStringLiteral("locked"), gate.locked},
                       {QStringLiteral("detail"), gate.detail},
                       {QStringLiteral("changed_by"), gate.changedBy},
                       {QStringLiteral("changed_at"), gate.changedAt},
                       {QStringLiteral("status_line"), RemoteCommandGate::statusLine(gate)}};
}

QJsonObject remoteCommandsSchema()
{
    return schema::result({{QStringLiteral("allowed"), schema::typed("boolean")},
                           {QStringLiteral("decided_by"), schema::typed("string")},
                           {QStringLiteral("locked"), schema::typed("boolean")},
                           {QStringLiteral("detail"), schema::typed("string")},
                           {QStringLiteral("changed_by"), schema::typed("string")},
                           {QStringLiteral("changed_at"), schema::typed("string")},
                           {QStringLiteral("status_line"), schema::typed("string")}});
}

McpTool statusTool(std::function<StatusExtras()> extras)
{
    QJsonObject counts = schema::result({{QStringLiteral("pending"), schema::typed("integer")},
                                         {QStringLiteral("running"), schema::typed("integer")},
                                         {QStringLiteral("acks_waiting"), schema::typed("integer")},
                                         {QStringLiteral("ledger_error"), schema::typed("string")}});
    counts.insert(QStringLiteral("required"), QJsonArray{QStringLiteral("ledger_error")});  // counts only when it opened
    const QJsonObject output = schema::result({
        {QStringLiteral("version"), schema::typed("string")},
        {QStringLiteral("endpoint"), schema::typed("string")},
        {QStringLiteral("config_error"), schema::typed("string")},
        {QStringLiteral("token_source"), schema::typed("string")},
        {QStringLiteral("remote_commands"), remoteCommandsSchema()},
        {QStringLiteral("commands"), counts},
        {QStringLiteral("last_sync"), schema::result({{QStringLiteral("time"), schema::typedOrNull("string")},
                                                      {QStringLiteral("ok"), schema::typed("boolean")},
                                                      {QStringLiteral("message"), schema::typed("string")},
                                                      {QStringLiteral("tool"), schema::typed("string")}})},
        {QStringLiteral("hook_rules"), schema::result({{QStringLiteral("rules"), schema::arrayOf(schema::result({
                                                           {QStringLiteral("slug"), schema::typed("string")},
                                                           {QStringLiteral("tool"), schema::typed("string")},
                                                           {QStringLiteral("event"), schema::typed("string")},
                                                           {QStringLiteral("state"), schema::typed("string")}}))},
                                                       {QStringLiteral("error"), schema::typed("string")}})},
    });
    return McpTool{
        QStringLiteral("teamai_status"),
        QStringLiteral("TeamAI agent status"),
        QStringLiteral("The TeamAI backend this machine follows, where its token comes from (never the token itself), "
                       "whether remote commands are allowed and who decided it (env, user, policy; locked or not), "
                       "how many received commands are pending or running, the last sync and its outcome, the hook rules, "
                       "MCP servers and model gateways the backend installed, and the workspaces bound to its projects."),
        schema::object({}),
        [extras = std::move(extras)](const QJsonObject &) { return runStatus(extras); },
        output,
    };
}

} // namespace teamai::mcpserver
