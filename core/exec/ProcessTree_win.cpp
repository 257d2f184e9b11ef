#include "exec/ProcessTree.h"

// Windows: the job object is the whole tree (ProcessGroup_win.cpp); there are no stragglers to
// signal one by one and no zombies to reap.
namespace teamai::exec {

int ProcessTree::terminateStragglers()
{
    return 0;
}

int ProcessTree::killStragglers()
{
    return 0;
}

void ProcessTree::reapZombies()
{
}

} // namespace teamai::exec
