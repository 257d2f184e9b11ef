#include "cli/UninstallTeardown_platform.h"

#include "util/Paths.h"

namespace teamai::cli::teardown {

QString autostartLocation()
{
    return paths::homeDir() + QStringLiteral("/Library/LaunchAgents/com.teamai.tray.plist");
}

} // namespace teamai::cli::teardown
