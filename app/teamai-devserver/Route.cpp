#include "Route.h"

namespace teamai::devserver {

std::optional<teamai::Route> protocolRoute(Route route)
{
    switch (route) {
    case Route::Report: return teamai::Route::Report;
    case Route::Sync: return teamai::Route::Sync;
    case Route::Ack: return teamai::Route::Ack;
    case Route::GetConfig: return teamai::Route::GetConfig;
    case Route::Projects: return teamai::Route::Projects;
    case Route::Download:
    case Route::Unknown: break;
    }
    return std::nullopt;
}

QString routeName(Route route)
{
    if (const std::optional<teamai::Route> protocol = protocolRoute(route))
        return teamai::routeName(*protocol);
    return route == Route::Download ? QStringLiteral("download") : QStringLiteral("unknown");
}

std::optional<Route> routeFromName(const QString &name)
{
    if (name == routeName(Route::Download))
        return Route::Download;
    for (Route route : kProtocolRoutes) {
        if (routeName(route) == name)
            return route;
    }
    return std::nullopt;
}

QString defaultPath(Route route)
{
    const std::optional<teamai::Route> protocol = protocolRoute(route);
    return protocol ? teamai::defaultRoutePath(*protocol) : QString();
}

} // namespace teamai::devserver
