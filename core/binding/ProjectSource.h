#pragma once

#include "binding/ProjectList.h"

namespace teamai {
class AgentConfig;
}

namespace teamai::binding {

/// @brief The user's projects from the backend of @p config (config.json), asked with the saved
/// token, the system proxy rules, config.json's `routes` and `caFile` — the same way a sync
/// talks to it. Blocking: `bind-project` calls it, the tray calls it on a worker thread.
ProjectList fetchProjects(const AgentConfig &config, int timeoutMs = 15000);

} // namespace teamai::binding
