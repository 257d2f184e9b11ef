#pragma once

#include "net/BackendClient.h"

#include <QNetworkAccessManager>

#include <memory>

namespace teamai {

class AgentConfig;

/// @brief A BackendClient for the backend of @p config, set up as the sync engine sets its own:
/// the saved token (or the configuration's own, from the environment), the system proxy rules,
/// config.json's `routes` and `caFile`. For the read-only requests made outside a sync round
/// (the projects list, get-config). Blocking, like BackendClient; one per thread.
class ConfiguredClient
{
public:
    /// @brief @p fromEnvironment: @p config came from TEAMAI_HTTP_ENDPOINT and friends, so its
    /// token is the environment's and no credential store is asked.
    explicit ConfiguredClient(const AgentConfig &config, bool fromEnvironment = false);
    ~ConfiguredClient();

    BackendClient &client() { return *m_client; }

private:
    QNetworkAccessManager m_network;
    std::unique_ptr<BackendClient> m_client;
};

} // namespace teamai
