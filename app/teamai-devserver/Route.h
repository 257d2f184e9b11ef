#pragma once

#include "net/BackendRoutes.h"

#include <QString>

#include <optional>

namespace teamai::devserver {

/// @brief What a request was for: one of the protocol's routes (SPEC §3), whose names and default
/// paths are the client's own table (core/net/BackendRoutes), or the devserver's own download.
enum class Route { Report, Sync, Ack, GetConfig, Projects, Download, Unknown };

/// @brief The routes of the protocol, in the order the client's table has them.
inline constexpr Route kProtocolRoutes[] = {Route::Report, Route::Sync, Route::Ack, Route::GetConfig, Route::Projects};

/// @brief The client's route @p route is; nothing for the devserver's own.
std::optional<teamai::Route> protocolRoute(Route route);

/// @brief The name used in the request log and in fault rules ("report", "getConfig", …,
/// "download").
QString routeName(Route route);

/// @brief The route a fault rule names; only routes that can carry a fault are accepted.
std::optional<Route> routeFromName(const QString &name);

/// @brief The default path of a protocol route (SPEC §3), empty for the others.
QString defaultPath(Route route);

} // namespace teamai::devserver
