#include "config/KeychainAccess_platform.h"

#include <QFileInfo>

namespace teamai::keychainplatform {

Status storeReachable()
{
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return {};
    const QString runtimeDir = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtimeDir.isEmpty() && QFileInfo::exists(runtimeDir + QStringLiteral("/bus")))
        return {};
    return Error{QStringLiteral("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and there is "
                                "no $XDG_RUNTIME_DIR/bus)")};
}

} // namespace teamai::keychainplatform
