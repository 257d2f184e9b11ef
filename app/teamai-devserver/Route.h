#pragma once

#include <QString>

#include <optional>

namespace teamai::devserver {

/// @brief What a request was for; the names are those of SPEC §3 plus the devserver's own.
enum class Route { Report, Sync, Ack, GetConfig, Projects, Download, Unknown };

/// @brief The name used in the request log and in fault rules ("report", "getConfig", …).
QString routeName(Route route);

/// @brief The route a fault rule names; only routes that can carry a fault are accepted.
std::optional<Route> routeFromName(const QString &name);

/// @brief The default path of a protocol route (SPEC §3), empty for the others.
QString defaultPath(Route route);

} // namespace teamai::devserver
