#include "binding/ProjectSource.h"

#include "config/AgentConfig.h"
#include "config/TokenStore.h"
#include "net/BackendClient.h"
#include "net/ProxySetup.h"

#include <QNetworkAccessManager>

namespace teamai::binding {

ProjectList fetchProjects(const AgentConfig &config, int timeoutMs)
{
    if (const QString problem = AgentConfig::validateEndpoint(config.endpoint()); !problem.isEmpty()) {
        ProjectList list;
        list.error = problem;
        return list;
    }
    QNetworkAccessManager network;
    configureProxy(network);
    BackendOptions options;
    options.endpoint = config.endpoint();
    options.token = TokenStore::load(config.endpoint()).token;
    options.routeOverrides = config.routes();
    options.caFile = config.toJson().value(QStringLiteral("caFile")).toString();
    BackendClient client(&network, options);
    client.setTimeoutMs(timeoutMs);
    return ProjectList::fetch(client);
}

} // namespace teamai::binding
