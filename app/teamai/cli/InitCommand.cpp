#include "cli/InitCommand.h"

#include "cli/CommandLine.h"
#include "config/AgentConfig.h"
#include "config/TokenStore.h"

namespace teamai::cli {
namespace {

QString locationName(AgentSettings::TokenLocation location)
{
    switch (location) {
    case AgentSettings::TokenLocation::Keychain: return QStringLiteral("the system credential store");
    case AgentSettings::TokenLocation::File: return TokenStore::tokenFilePath() + QStringLiteral(" (owner-only file)");
    case AgentSettings::TokenLocation::None: break;
    }
    return QStringLiteral("nowhere");
}

} // namespace

QString InitCommand::name() const { return QStringLiteral("init"); }

QString InitCommand::summary() const { return QStringLiteral("Connect this machine to a TeamAI backend"); }

QString InitCommand::help() const
{
    return QStringLiteral(
        "Usage: teamai init --http URL [--token TOKEN] [--token-store auto|keychain|file]\n"
        "\n"
        "Saves the backend endpoint in ~/.teamai/local-agent/config.json (other fields are kept)\n"
        "and the API token in the system credential store, or in an owner-only file where no\n"
        "credential store answers.\n"
        "\n"
        "Options:\n"
        "  --http URL           the backend's base URL (http or https)\n"
        "  --token TOKEN        the API token (TEAMAI_TOKEN in the environment also works)\n"
        "  --token-store WHERE  auto (default): credential store, else file; keychain; file");
}

int InitCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("http"), QStringLiteral("token"), QStringLiteral("token-store"), QStringLiteral("agents")}, {});
    if (!line.parse(arguments))
        return usageError(name(), line.error());
    if (line.helpRequested()) {
        printOut(help());
        return kExitOk;
    }
    if (!line.isSet(QStringLiteral("http")))
        return usageError(name(), QStringLiteral("--http URL is required"));
    const QString endpoint = line.value(QStringLiteral("http")).trimmed();
    const QString endpointProblem = AgentConfig::validateEndpoint(endpoint);
    if (!endpointProblem.isEmpty())
        return usageError(name(), endpointProblem);

    TokenStore::Backend backend = TokenStore::Backend::Auto;
    const QString store = line.value(QStringLiteral("token-store"));
    if (store == QLatin1String("keychain"))
        backend = TokenStore::Backend::Keychain;
    else if (store == QLatin1String("file"))
        backend = TokenStore::Backend::File;
    else if (!store.isEmpty() && store != QLatin1String("auto"))
        return usageError(name(), QStringLiteral("--token-store must be auto, keychain or file"));

    AgentConfig::Loaded loaded = AgentConfig::load();
    if (!loaded.error.isEmpty()) {
        printErr(QStringLiteral("teamai init: %1 (fix or remove the file; nothing was changed)").arg(loaded.error));
        return kExitFailure;
    }
    AgentConfig config = loaded.config;
    config.setEndpoint(endpoint);
    QString error;
    if (!config.save(&error)) {
        printErr(QStringLiteral("teamai init: %1").arg(error));
        return kExitFailure;
    }
    printOut(QStringLiteral("Endpoint saved: %1").arg(config.endpoint()));

    const QString token = line.value(QStringLiteral("token"));
    if (!token.isEmpty()) {
        const TokenStore::SaveResult saved = TokenStore::save(config.endpoint(), token, backend);
        if (!saved.ok) {
            printErr(QStringLiteral("teamai init: cannot save the token: %1").arg(saved.error));
            return kExitFailure;
        }
        printOut(QStringLiteral("Token saved in %1").arg(locationName(saved.location)));
        if (!saved.fallbackReason.isEmpty())
            printOut(QStringLiteral("  (no credential store: %1)").arg(saved.fallbackReason));
    } else if (qEnvironmentVariable("TEAMAI_TOKEN").isEmpty()) {
        printOut(QStringLiteral("No token given: requests go out without one until you run init with --token."));
    }
    return kExitOk;
}

} // namespace teamai::cli
