#include "cli/DoctorCommand.h"
#include "sync/RecordHealth.h"

#include "cli/CommandLine.h"
#include "config/AgentConfig.h"
#include "config/KeychainBackend.h"
#include "config/RemoteCommandGate.h"
#include "config/TokenCache.h"
#include "config/TokenStore.h"
#include "net/BackendClient.h"
#include "util/RuntimeModule.h"
#include "net/ProxySetup.h"
#include "resources/ArchiveReader.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNotice.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>

#include <utility>

namespace teamai::cli {
namespace {

struct Checks {
    int failed = 0;
    void report(bool ok, const QString &what, const QString &detail)
    {
        if (!ok)
            ++failed;
        printOut(QStringLiteral("[%1] %2: %3").arg(ok ? QStringLiteral(" ok ") : QStringLiteral("FAIL"), what, detail));
    }
};

void checkConfig(Checks &checks, const AgentConfig::Loaded &config)
{
    const QString endpoint = config.config.endpoint();
    if (!config.error.isEmpty())
        checks.report(false, QStringLiteral("config"), config.error);
    else if (endpoint.isEmpty())
        checks.report(false, QStringLiteral("config"), QStringLiteral("no endpoint: run `teamai init --http URL --token TOKEN`"));
    else
        checks.report(true, QStringLiteral("config"), endpoint);
}

void checkRecords(Checks &checks)
{
    const QList<records::BrokenRecord> broken = records::check();
    for (const records::BrokenRecord &record : broken)
        checks.report(false, QStringLiteral("records"), record.sentence());
    if (broken.isEmpty())
        checks.report(true, QStringLiteral("records"), QStringLiteral("config, settings, manifest and hook-rule records are readable"));
}

void checkToken(Checks &checks, const TokenStore::Loaded &token)
{
    // "token source", not "token: …": a `token: word` pair reads as a secret to the redaction of
    // the ledger and `teamai mcp`, which would print this line as "token: ***".
    if (!token.error.isEmpty())
        checks.report(false, QStringLiteral("token source"), token.error);
    else
        checks.report(!token.token.isEmpty(), QStringLiteral("token source"),
                      token.token.isEmpty() ? QStringLiteral("none saved") : QStringLiteral("from %1").arg(token.source));
}

/// Where hooks find a keychain token without asking the store; not a failure when there is none,
/// only slower hooks.
void checkTokenCache(Checks &checks, const TokenStore::Loaded &token)
{
    if (token.source != QLatin1String("keychain"))
        return;
    const Result<QString> cache = TokenCache::path();
    const qint64 minutes = std::chrono::duration_cast<std::chrono::minutes>(TokenCache::kLifetime).count();
    checks.report(true, QStringLiteral("token cache"),
                  cache ? QStringLiteral("%1 (in memory, this login session only, %2 minutes at most)").arg(*cache).arg(minutes)
                        : QStringLiteral("not used (%1): every hook asks the credential store").arg(cache.error()));
}

void checkLedger(Checks &checks)
{
    LedgerDatabase database;
    if (const Status opened = database.open()) {
        CommandLedger ledger(database);
        checks.report(true, QStringLiteral("ledger"), QStringLiteral("%1 (%2 pending, %3 ack(s) queued)")
                                                        .arg(database.path())
                                                        .arg(ledger.countInState(CommandState::Pending).valueOr(0))
                                                        .arg(ledger.outboxSize().valueOr(0)));
    } else {
        checks.report(false, QStringLiteral("ledger"), opened.error());
    }
    // Not a failure (the agent carries on with the new ledger), but something to look at.
    const QString noticePath = ledgernotice::pathFor(database.path());
    if (const auto notice = ledgernotice::load(noticePath))
        printOut(QStringLiteral("[NOTE] ledger set aside: %1").arg(notice->describe(noticePath)));
}

void checkModules(Checks &checks)
{
    // Loaded on first use only, so a broken installation would otherwise show late: at the first
    // keychain token or the first skill download.
    for (const auto &[module, entry] : {std::pair{"keychain", kKeychainBackendSymbol}, std::pair{"archive", resources::kArchiveReaderSymbol}}) {
        const Result<void *> loaded = RuntimeModule::resolve(module, entry);
        checks.report(loaded.ok(), QStringLiteral("%1 module").arg(QLatin1String(module)),
                      loaded ? QStringLiteral("%1 loads").arg(RuntimeModule::fileName(module)) : loaded.error());
    }
}

void checkBackend(Checks &checks, const AgentConfig::Loaded &config, const TokenStore::Loaded &token)
{
    const QString endpoint = config.config.endpoint();
    QNetworkAccessManager network;
    configureProxy(network);
    BackendClient client(&network, BackendOptions{endpoint, token.token, config.config.routes(),
                                                  config.config.toJson().value(QStringLiteral("caFile")).toString()});
    QElapsedTimer timer;
    timer.start();
    const BackendReply reply = client.get(Route::GetConfig);
    checks.report(reply.ok, QStringLiteral("backend"),
                  reply.ok ? QStringLiteral("%1 answered in %2 ms").arg(client.urlFor(Route::GetConfig).toString()).arg(timer.elapsed())
                           : reply.httpStatus == 401 ? QStringLiteral("the backend rejects the token: %1").arg(reply.error)
                                                     : reply.error);
}

} // namespace

DoctorCommand::DoctorCommand()
    : CliCommand("doctor", "Check the configuration, token, ledger and backend connection")
{
}

int DoctorCommand::run(const QStringList &arguments)
{
    CommandLine line({}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    Checks checks;
    const AgentConfig::Loaded config = AgentConfig::load();
    const QString endpoint = config.config.endpoint();
    checkConfig(checks, config);
    checkRecords(checks);
    const TokenStore::Loaded token = endpoint.isEmpty() ? TokenStore::Loaded() : TokenStore::load(endpoint, TokenStore::Cache::Bypass);
    checkToken(checks, token);
    checkTokenCache(checks, token);
    checkLedger(checks);
    const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
    checks.report(true, QStringLiteral("remote commands"),
                  QStringLiteral("%1 — %2").arg(gate.allowed ? QStringLiteral("allowed") : QStringLiteral("disabled"), gate.detail));
    checkModules(checks);
    if (!endpoint.isEmpty() && config.error.isEmpty())
        checkBackend(checks, config, token);
    return checks.failed == 0 ? kExitOk : kExitFailure;
}

} // namespace teamai::cli
