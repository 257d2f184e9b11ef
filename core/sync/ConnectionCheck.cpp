#include "sync/ConnectionCheck.h"

#include "config/AgentConfig.h"
#include "net/BackendClient.h"
#include "net/ProxySetup.h"

#include <QNetworkAccessManager>

namespace teamai {
namespace {
constexpr int kShownErrorChars = 200;

// A proxy's, a web server's or a login portal's page rather than the backend's JSON error.
bool looksLikeMarkup(const QString &text)
{
    const QString head = text.trimmed().left(200).toLower();
    return head.startsWith(u'<') || head.contains(QLatin1String("<html")) || head.contains(QLatin1String("<!doctype"));
}

// One line, bounded: a message for a label, not a dump of what the server sent.
QString oneLine(const QString &text)
{
    QString line = text.simplified();
    if (line.size() > kShownErrorChars)
        line = line.left(kShownErrorChars - 1) + QChar(0x2026);
    return line;
}

} // namespace

ConnectionCheckResult checkConnection(const QString &endpoint, const QString &token,
                                      const QJsonObject &routeOverrides, int timeoutMs)
{
    ConnectionCheckResult result;
    if (const Status valid = AgentConfig::validateEndpoint(endpoint); !valid) {
        result.outcome = ConnectionCheckResult::Outcome::BadEndpoint;
        result.message = valid.error();
        return result;
    }
    QNetworkAccessManager network;
    configureProxy(network);
    BackendOptions options;
    options.endpoint = AgentConfig::normalizeEndpoint(endpoint);
    options.token = token;
    options.routeOverrides = routeOverrides;
    BackendClient client(&network, options);
    client.setTimeoutMs(timeoutMs);
    const BackendReply reply = client.get(Route::GetConfig);
    result.httpStatus = reply.httpStatus;
    if (reply.ok) {
        result.outcome = ConnectionCheckResult::Outcome::Ok;
        result.message = token.isEmpty() ? QStringLiteral("Connected to %1 (no token was sent).").arg(options.endpoint)
                                         : QStringLiteral("Connected to %1; the token was accepted.").arg(options.endpoint);
    } else if (reply.httpStatus == 0) {
        result.outcome = ConnectionCheckResult::Outcome::Unreachable;
        result.message = QStringLiteral("Cannot reach %1: %2").arg(options.endpoint, reply.error);
    } else if (reply.httpStatus == 401 || reply.httpStatus == 403) {
        result.outcome = ConnectionCheckResult::Outcome::TokenRejected;
        result.message = QStringLiteral("The backend rejected the token (%1: %2).").arg(reply.httpStatus).arg(reply.error);
    } else if (reply.httpStatus == 404 || looksLikeMarkup(reply.error)) {
        result.outcome = ConnectionCheckResult::Outcome::NotBackend;
        result.message = QStringLiteral("This server is not a TeamAI backend (HTTP %1).").arg(reply.httpStatus);
    } else {
        result.outcome = ConnectionCheckResult::Outcome::Failed;
        result.message = QStringLiteral("The backend answered %1: %2").arg(reply.httpStatus).arg(oneLine(reply.error));
    }
    return result;
}

} // namespace teamai
