#include "exec/ParentDeathWatch.h"

// Windows needs no watcher: a child's job object is kill-on-close, so it dies with the agent.
namespace teamai::exec {

bool ParentDeathWatch::ensureRunning()
{
    return false;
}

void ParentDeathWatch::addGroup(qint64)
{
}

void ParentDeathWatch::removeGroup(qint64)
{
}

} // namespace teamai::exec
