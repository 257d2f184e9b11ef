#include "Route.h"

namespace teamai::devserver {

QString routeName(Route route)
{
    switch (route) {
    case Route::Report: return QStringLiteral("report");
    case Route::Sync: return QStringLiteral("sync");
    case Route::Ack: return QStringLiteral("ack");
    case Route::GetConfig: return QStringLiteral("getConfig");
    case Route::Projects: return QStringLiteral("projects");
    case Route::Download: return QStringLiteral("download");
    case Route::Unknown: break;
    }
    return QStringLiteral("unknown");
}

std::optional<Route> routeFromName(const QString &name)
{
    for (Route route : {Route::Report, Route::Sync, Route::Ack, Route::GetConfig, Route::Projects,
                        Route::Download}) {
        if (routeName(route) == name)
            return route;
    }
    return std::nullopt;
}

QString defaultPath(Route route)
{
    switch (route) {
    case Route::Report: return QStringLiteral("/api/local-agent/report");
    case Route::Sync: return QStringLiteral("/api/local-agent/sync");
    case Route::Ack: return QStringLiteral("/api/local-agent/commands/ack");
    case Route::GetConfig: return QStringLiteral("/api/local-agent/get-config");
    case Route::Projects: return QStringLiteral("/api/projects/mine");
    case Route::Download:
    case Route::Unknown: break;
    }
    return {};
}

} // namespace teamai::devserver
