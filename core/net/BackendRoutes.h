#pragma once

#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace teamai {

/// @brief The backend routes of SPEC §3.
enum class Route { Report, Sync, Ack, GetConfig, Projects };

/// @brief The name a route has in `config.routes` (report, sync, ack, getConfig, projects).
QString routeName(Route route);

/// @brief The default path of @p route, e.g. "/api/local-agent/sync".
QString defaultRoutePath(Route route);

/// @brief Builds the URL of @p route from the endpoint and the optional overrides in
/// `config.routes` (a path with or without leading slash; blank means default). An endpoint that
/// ends in slashes is trimmed first.
QUrl routeUrl(const QString &endpoint, const QJsonObject &overrides, Route route);

} // namespace teamai
