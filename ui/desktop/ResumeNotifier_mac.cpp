#include "desktop/ResumeNotifier.h"

namespace teamai::ui {

// Not followed on macOS yet: the scheduler's network-reachability signal covers a wake-up.
bool ResumeNotifier::followPlatform()
{
    return false;
}

} // namespace teamai::ui
