#include "net/BackendRoutes.h"

namespace teamai {

QString routeName(Route route)
{
    switch (route) {
    case Route::Report: return QStringLiteral("report");
    case Route::Sync: return QStringLiteral("sync");
    case Route::Ack: return QStringLiteral("ack");
    case Route::GetConfig: return QStringLiteral("getConfig");
    case Route::Projects: return QStringLiteral("projects");
    }
    return {};
}

QString defaultRoutePath(Route route)
{
    switch (route) {
    case Route::Report: return QStringLiteral("/api/local-agent/report");
    case Route::Sync: return QStringLiteral("/api/local-agent/sync");
    case Route::Ack: return QStringLiteral("/api/local-agent/commands/ack");
    case Route::GetConfig: return QStringLiteral("/api/local-agent/get-config");
    case Route::Projects: return QStringLiteral("/api/projects/mine");
    }
    return {};
}

QUrl routeUrl(const QString &endpoint, const QJsonObject &overrides, Route route)
{
    QString base = endpoint.trimmed();
    while (base.endsWith(u'/'))
        base.chop(1);
    QString path = overrides.value(routeName(route)).toString().trimmed();
    if (path.isEmpty())
        path = defaultRoutePath(route);
    else if (!path.startsWith(u'/'))
        path.prepend(u'/');
    return QUrl(base + path);
}

} // namespace teamai
