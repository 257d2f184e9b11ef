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

// Everything `teamai status` shows, gathered once for the text and the JSON forms.
struct StatusFacts {
    AgentConfig::Loaded config;
    RemoteCommandGate::Decision gate;
    QString endpoint;
    QString tokenSource;
    SyncRecord last;
    int pending = 0;
    int running = 0;
    int outbox = 0;
    QString ledgerError;
    QString noticePath;
    std::optional<ledgernotice::Notice> setAside;
    QList<records::BrokenRecord> broken;
    QString hookRulesError;
    QList<agenthooks::HookRuleRecord> hookRules;
    StatusInventory inventory;
};

void readLedger(StatusFacts &facts)
{
    LedgerDatabase database;
    if (const Status opened = database.open()) {
        CommandLedger ledger(database);
        facts.pending = ledger.countInState(CommandState::Pending).valueOr(0);
        facts.running = ledger.countInState(CommandState::Running).valueOr(0);
        facts.outbox = ledger.outboxSize().valueOr(0);
    } else {
        facts.ledgerError = opened.error();
    }
    facts.setAside = ledgernotice::load(facts.noticePath);  // after open(): it may have just set one aside
}

StatusFacts collectStatus()
{
    StatusFacts facts;
    facts.config = AgentConfig::load();
    facts.gate = RemoteCommandGate::evaluate();
    facts.endpoint = facts.config.config.endpoint();
    facts.tokenSource = facts.endpoint.isEmpty() ? QString() : TokenStore::load(facts.endpoint).source;
    facts.last = lastsync::load().value_or(SyncRecord());
    facts.noticePath = ledgernotice::pathFor(LedgerDatabase::defaultPath());
    readLedger(facts);
    facts.broken = records::check();
    const Result<QList<agenthooks::HookRuleRecord>> hookRules = agenthooks::hookrules::installedForAllTools();
    facts.hookRules = hookRules.valueOr({});
    facts.hookRulesError = hookRules.error();
    facts.inventory = StatusInventory::collect();
    return facts;
}

QJsonValue setAsideJson(const StatusFacts &facts)
{
    const std::optional<ledgernotice::Notice> &setAside = facts.setAside;
    if (!setAside)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("time"), setAside->time.toString(Qt::ISODateWithMs)},
                       {QStringLiteral("reason"), setAside->reason},
                       {QStringLiteral("files"), QJsonArray::fromStringList(setAside->files)},
                       {QStringLiteral("recovered_commands"), setAside->recoveredCommands},
                       {QStringLiteral("recovered_acks"), setAside->recoveredAcks},
                       {QStringLiteral("restored_finished_ids"), setAside->restoredFinishedIds},
                       {QStringLiteral("notice_file"), facts.noticePath},
                       {QStringLiteral("message"), setAside->describe(facts.noticePath)}};
}

QJsonObject statusJson(const StatusFacts &facts)
{
    const RemoteCommandGate::Decision &gate = facts.gate;
    const SyncRecord &last = facts.last;
    QJsonObject object{
        {QStringLiteral("version"), QString::fromLatin1(kVersion)},
        {QStringLiteral("endpoint"), facts.endpoint},
        {QStringLiteral("config_error"), facts.config.error},
        {QStringLiteral("token_source"), facts.tokenSource},
        {QStringLiteral("remote_commands"), QJsonObject{{QStringLiteral("allowed"), gate.allowed},
                                                        {QStringLiteral("locked"), gate.locked},
                                                        {QStringLiteral("detail"), gate.detail},
                                                        {QStringLiteral("changed_by"), gate.changedBy},
                                                        {QStringLiteral("changed_at"), gate.changedAt}}},
        {QStringLiteral("hook_rules"), hookRulesJson(facts.hookRules, facts.hookRulesError)},
        {QStringLiteral("broken_records"), brokenRecordsJson(facts.broken)},
        {QStringLiteral("commands"), QJsonObject{{QStringLiteral("pending"), facts.pending},
                                                 {QStringLiteral("running"), facts.running},
                                                 {QStringLiteral("outbox"), facts.outbox},
                                                 {QStringLiteral("ledger_error"), facts.ledgerError}}},
        {QStringLiteral("ledger_set_aside"), setAsideJson(facts)},
        {QStringLiteral("last_sync"), QJsonObject{{QStringLiteral("time"), last.time.isValid() ? last.time.toString(Qt::ISODateWithMs) : QString()},
                                                  {QStringLiteral("ok"), last.ok},
                                                  {QStringLiteral("message"), last.message}}},
    };
    for (auto it = facts.inventory.json.begin(); it != facts.inventory.json.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QString lastSyncText(const SyncRecord &last)
{
    if (!last.time.isValid())
        return QStringLiteral("never");
    return QStringLiteral("%1 %2%3").arg(last.time.toLocalTime().toString(Qt::ISODate),
                                         last.ok ? QStringLiteral("ok") : QStringLiteral("failed"),
                                         last.message.isEmpty() ? QString() : QStringLiteral(": ") + last.message);
}

void printStatus(const StatusFacts &facts)
{
    const RemoteCommandGate::Decision &gate = facts.gate;
    const QString switchWho = gate.changedBy.isEmpty() ? QString()
                                                       : QStringLiteral(" (set by %1 at %2)").arg(gate.changedBy, gate.changedAt);
    printOut(QStringLiteral("TeamAI Desktop Agent %1").arg(QString::fromLatin1(kVersion)));
    if (!facts.config.error.isEmpty())
        printOut(QStringLiteral("Config:          ERROR %1").arg(facts.config.error));
    printOut(QStringLiteral("Endpoint:        %1").arg(facts.endpoint.isEmpty() ? QStringLiteral("(not configured: run `teamai init`)") : facts.endpoint));
    printOut(QStringLiteral("Token:           %1").arg(facts.tokenSource.isEmpty() ? QStringLiteral("none") : QStringLiteral("from ") + facts.tokenSource));
    printOut(QStringLiteral("Remote commands: %1%2").arg(RemoteCommandGate::statusLine(gate), switchWho));
    printHookRules(facts.hookRules, facts.hookRulesError);
    for (const QString &inventoryLine : facts.inventory.lines)
        printOut(inventoryLine);
    for (const records::BrokenRecord &record : facts.broken)
        printOut(QStringLiteral("Damaged file:    %1").arg(record.sentence()));
    printOut(facts.ledgerError.isEmpty()
                 ? QStringLiteral("Commands:        %1 pending, %2 running, %3 ack(s) waiting to be sent").arg(facts.pending).arg(facts.running).arg(facts.outbox)
                 : QStringLiteral("Commands:        ledger unavailable: %1").arg(facts.ledgerError));
    if (facts.setAside)
        printOut(QStringLiteral("Ledger:          set aside — %1").arg(facts.setAside->describe(facts.noticePath)));
    printOut(QStringLiteral("Last sync:       %1").arg(lastSyncText(facts.last)));
}

} // namespace

StatusCommand::StatusCommand()
    : CliCommand("status", "Show the configuration, the kill switch and the last sync")
{
}

int StatusCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {QStringLiteral("json")});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const StatusFacts facts = collectStatus();
    if (line.isSet(QStringLiteral("json")))
        printOut(QString::fromUtf8(QJsonDocument(statusJson(facts)).toJson(QJsonDocument::Compact)));
    else
        printStatus(facts);
    return kExitOk;
}

} // namespace teamai::cli
