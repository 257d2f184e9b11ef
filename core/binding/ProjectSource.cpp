#include "binding/ProjectSource.h"

#include "config/AgentConfig.h"
#include "net/ConfiguredClient.h"

namespace teamai::binding {

ProjectList fetchProjects(const AgentConfig &config, int timeoutMs)
{
    if (const Status endpoint = AgentConfig::validateEndpoint(config.endpoint()); !endpoint) {
        ProjectList list;
        list.error = endpoint.error();
        return list;
    }
    ConfiguredClient configured(config);
    configured.client().setTimeoutMs(timeoutMs);
    return ProjectList::fetch(configured.client());
}

} // namespace teamai::binding
