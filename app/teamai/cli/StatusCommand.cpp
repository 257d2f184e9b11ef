#include "cli/StatusCommand.h"
#include "sync/RecordHealth.h"

#include "Version.h"
#include "agenthooks/HookRules.h"
#include "cli/CommandLine.h"
#include "cli/StatusInventory.h"
#include "config/AgentConfig.h"
#include "config/RemoteCommandGate.h"
#include "config/TokenStore.h"
#include "store/CommandLedger.h"
#include "store/LastSyncFile.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNotice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::cli {
namespace {

QJsonObject hookRulesJson(const QList<agenthooks::HookRuleRecord> &rules, const QString &error)
{
    QJsonArray list;
    for (const agenthooks::HookRuleRecord &rule : rules) {
        list.append(QJsonObject{{QStringLiteral("slug"), rule.slug},
                                {QStringLiteral("tool"), rule.tool},
                                {QStringLiteral("event"), rule.agentEvent},
                                {QStringLiteral("state"), agenthooks::hookrules::stateName(rule)},
                                {QStringLiteral("settings_path"), rule.settingsPath},
                                {QStringLiteral("withdrawn_because"), rule.withdrawnBecause}});
    }
    return QJsonObject{{QStringLiteral("rules"), list}, {QStringLiteral("error"), error}};
}

void printHookRules(const QList<agenthooks::HookRuleRecord> &rules, const QString &error)
{
    if (!error.isEmpty()) {
        printOut(QStringLiteral("Hook rules:      ERROR %1").arg(error));
        return;
    }
    printOut(QStringLiteral("Hook rules:      %1").arg(rules.isEmpty() ? QStringLiteral("none installed by the backend")
                                                                       : QStringLiteral("%1 installed by the backend").arg(rules.size())));
    for (const agenthooks::HookRuleRecord &rule : rules) {
        const QString state = rule.withdrawn ? QStringLiteral("withdrawn (remote commands are off)") : QStringLiteral("active");
        printOut(QStringLiteral("  %1  %2  %3  %4").arg(rule.slug, rule.tool, rule.agentEvent, state));
    }
}

QJsonArray brokenRecordsJson(const QList<records::BrokenRecord> &broken)
{
    QJsonArray list;
    for (const records::BrokenRecord &record : broken)
        list.append(QJsonObject{{QStringLiteral("file"), record.file},
                                {QStringLiteral("reason"), record.reason},
                                {QStringLiteral("advice"), record.advice}});
    return list;
}

} // namespace

QString StatusCommand::name() const { return QStringLiteral("status"); }

QString StatusCommand::summary() const { return QStringLiteral("Show the configuration, the kill switch and the last sync"); }

QString StatusCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai status [--json]\n"
        "\n"
        "Shows the backend endpoint, where the token comes from (never the token), whether remote\n"
        "commands are allowed and who decided it, the hook rules the backend installed (slug,\n"
        "tool, event, active or withdrawn by the kill switch), the MCP servers and model gateways it\n"
        "configured, the workspaces bound to backend projects, and the outcome of the last sync.\n"
        "\n"
        "Options:\n"
        "  --json   print one JSON object");
}

int StatusCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {QStringLiteral("json")});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const AgentConfig::Loaded config = AgentConfig::load();
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    const QString endpoint = config.config.endpoint();
    const QString tokenSource = endpoint.isEmpty() ? QString() : TokenStore::load(endpoint).source;
    const SyncRecord last = lastsync::load().value_or(SyncRecord());
    int pending = 0;
    int running = 0;
    int outbox = 0;
    QString ledgerError;
    const QString noticePath = ledgernotice::pathFor(LedgerDatabase::defaultPath());
    std::optional<ledgernotice::Notice> setAside;
    {
        LedgerDatabase database;
        if (database.open()) {
            CommandLedger ledger(database);
            pending = ledger.countInState(CommandState::Pending);
            running = ledger.countInState(CommandState::Running);
            outbox = ledger.outboxSize();
        } else {
            ledgerError = database.error();
        }
        setAside = ledgernotice::load(noticePath);  // after open(): it may have just set one aside
    }
    const QList<records::BrokenRecord> broken = records::check();
    QString hookRulesError;
    const QList<agenthooks::HookRuleRecord> hookRules = agenthooks::hookrules::installedForAllTools(&hookRulesError);
    const StatusInventory inventory = StatusInventory::collect();
    const QString switchWho = gate.changedBy.isEmpty() ? QString()
                                                       : QStringLiteral(" (set by %1 at %2)").arg(gate.changedBy, gate.changedAt);

    if (line.isSet(QStringLiteral("json"))) {
        QJsonObject object{
            {QStringLiteral("version"), QString::fromLatin1(kVersion)},
            {QStringLiteral("endpoint"), endpoint},
            {QStringLiteral("config_error"), config.error},
            {QStringLiteral("token_source"), tokenSource},
            {QStringLiteral("remote_commands"), QJsonObject{{QStringLiteral("allowed"), gate.allowed},
                                                            {QStringLiteral("locked"), gate.locked},
                                                            {QStringLiteral("detail"), gate.detail},
                                                            {QStringLiteral("changed_by"), gate.changedBy},
                                                            {QStringLiteral("changed_at"), gate.changedAt}}},
            {QStringLiteral("hook_rules"), hookRulesJson(hookRules, hookRulesError)},
            {QStringLiteral("broken_records"), brokenRecordsJson(broken)},
            {QStringLiteral("commands"), QJsonObject{{QStringLiteral("pending"), pending},
                                                     {QStringLiteral("running"), running},
                                                     {QStringLiteral("outbox"), outbox},
                                                     {QStringLiteral("ledger_error"), ledgerError}}},
            {QStringLiteral("ledger_set_aside"), setAside ? QJsonObject{{QStringLiteral("time"), setAside->time.toString(Qt::ISODateWithMs)},
                                                                        {QStringLiteral("reason"), setAside->reason},
                                                                        {QStringLiteral("files"), QJsonArray::fromStringList(setAside->files)},
                                                                        {QStringLiteral("recovered_commands"), setAside->recoveredCommands},
                                                                        {QStringLiteral("recovered_acks"), setAside->recoveredAcks},
                                                                        {QStringLiteral("restored_finished_ids"), setAside->restoredFinishedIds},
                                                                        {QStringLiteral("notice_file"), noticePath},
                                                                        {QStringLiteral("message"), setAside->describe(noticePath)}}
                                                          : QJsonValue()},
            {QStringLiteral("last_sync"), QJsonObject{{QStringLiteral("time"), last.time.isValid() ? last.time.toString(Qt::ISODateWithMs) : QString()},
                                                      {QStringLiteral("ok"), last.ok},
                                                      {QStringLiteral("message"), last.message}}},
        };
        for (auto it = inventory.json.begin(); it != inventory.json.end(); ++it)
            object.insert(it.key(), it.value());
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
        return kExitOk;
    }
    printOut(QStringLiteral("TeamAI Desktop Agent %1").arg(QString::fromLatin1(kVersion)));
    if (!config.error.isEmpty())
        printOut(QStringLiteral("Config:          ERROR %1").arg(config.error));
    printOut(QStringLiteral("Endpoint:        %1").arg(endpoint.isEmpty() ? QStringLiteral("(not configured: run `teamai init`)") : endpoint));
    printOut(QStringLiteral("Token:           %1").arg(tokenSource.isEmpty() ? QStringLiteral("none") : QStringLiteral("from ") + tokenSource));
    printOut(QStringLiteral("Remote commands: %1%2").arg(RemoteCommandGate::statusLine(gate), switchWho));
    printHookRules(hookRules, hookRulesError);
    for (const QString &inventoryLine : inventory.lines)
        printOut(inventoryLine);
    for (const records::BrokenRecord &record : broken)
        printOut(QStringLiteral("Damaged file:    %1").arg(record.sentence()));
    printOut(ledgerError.isEmpty() ? QStringLiteral("Commands:        %1 pending, %2 running, %3 ack(s) waiting to be sent").arg(pending).arg(running).arg(outbox)
                                   : QStringLiteral("Commands:        ledger unavailable: %1").arg(ledgerError));
    if (setAside)
        printOut(QStringLiteral("Ledger:          set aside — %1").arg(setAside->describe(noticePath)));
    printOut(QStringLiteral("Last sync:       %1").arg(!last.time.isValid() ? QStringLiteral("never")
                                                                     : QStringLiteral("%1 %2%3").arg(last.time.toLocalTime().toString(Qt::ISODate),
                                                                           last.ok ? QStringLiteral("ok") : QStringLiteral("failed"),
                                                                           last.message.isEmpty() ? QString() : QStringLiteral(": ") + last.message)));
    return kExitOk;
}

} // namespace teamai::cli
