#include "net/ConfiguredClient.h"

#include "config/AgentConfig.h"
#include "config/TokenSource.h"
#include "net/ProxySetup.h"

namespace teamai {

ConfiguredClient::ConfiguredClient(const AgentConfig &config, bool fromEnvironment)
{
    configureProxy(m_network);
    BackendOptions options;
    options.endpoint = config.endpoint();
    options.token = fromEnvironment ? config.token() : TokenSource::current(config.endpoint()).token;
    options.routeOverrides = config.routes();
    options.caFile = config.toJson().value(QStringLiteral("caFile")).toString();
    m_client = std::make_unique<BackendClient>(&m_network, options);
}

ConfiguredClient::~ConfiguredClient() = default;

} // namespace teamai
