#include "binding/ProjectSource.h"

#include "config/AgentConfig.h"
#include "net/ConfiguredClient.h"

namespace teamai::binding {

ProjectList fetchProjects(const AgentConfig &config, int timeoutMs)
{
    if (const QString problem = AgentConfig::validateEndpoint(config.endpoint()); !problem.isEmpty()) {
        ProjectList list;
        list.error = problem;
        return list;
    }
    ConfiguredClient configured(config);
    configured.client().setTimeoutMs(timeoutMs);
    return ProjectList::fetch(configured.client());
}

} // namespace teamai::binding
