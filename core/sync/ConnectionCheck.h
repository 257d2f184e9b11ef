#pragma once

#include <QJsonObject>
#include <QString>

namespace teamai {

/// @brief The answer to "would a sync reach this backend with this token?", for people: the
/// tray's Test connection button and its first-run setup.
struct ConnectionCheckResult {
    enum class Outcome {
        Ok,             ///< 2xx: reachable and the token was accepted
        BadEndpoint,    ///< not an http(s) URL we can use (nothing was sent)
        Unreachable,    ///< no HTTP answer: DNS, refused, TLS, timeout
        TokenRejected,  ///< 401 or 403
        NotBackend,     ///< 404, or a web page (HTML) instead of the backend's JSON: not a TeamAI backend
        Failed,         ///< any other answer
    };
    Outcome outcome = Outcome::Failed;
    int httpStatus = 0;
    /// One plain sentence, e.g. "The backend rejected the token (401: invalid token)."; never a
    /// server's page: markup is reduced to "This server is not a TeamAI backend (HTTP 404)."
    QString message;

    bool ok() const { return outcome == Outcome::Ok; }
};

/// @brief Asks @p endpoint's getConfig route (read-only: nothing is reported, synced or
/// acknowledged) with @p token, through the same client, proxy rules and timeouts as a sync.
/// Blocking (a local event loop runs while the request is out): call it from a worker thread in
/// a GUI. @p routeOverrides are config.json's `routes`.
ConnectionCheckResult checkConnection(const QString &endpoint, const QString &token,
                                      const QJsonObject &routeOverrides = {}, int timeoutMs = 10000);

} // namespace teamai
