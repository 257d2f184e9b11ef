#include "cli/UninstallTeardown_platform.h"

#include "util/Paths.h"

namespace teamai::cli::teardown {

QString autostartLocation()
{
    QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (config.isEmpty())
        config = paths::homeDir() + QStringLiteral("/.config");
    return config + QStringLiteral("/autostart/teamai-tray.desktop");
}

} // namespace teamai::cli::teardown
