#include "net/BackendClient.h"

#include "net/Http1Connection.h"
#include "net/HttpExchange.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace teamai {

namespace {

HttpRequest apiRequest(const QUrl &url, const QByteArray &method, const QJsonObject *body, const QString &token)
{
    HttpRequest request;
    request.method = method;
    request.url = url;
    request.headers.append({QByteArray("Accept"), QByteArray("application/json")});
    if (!token.isEmpty()) {
        request.headers.append({QByteArray("Authorization"), "Bearer " + token.toUtf8()});
        request.headers.append({QByteArray("X-API-Token"), token.toUtf8()});
    }
    if (body) {
        request.headers.append({QByteArray("Content-Type"), QByteArray("application/json")});
        request.body = QJsonDocument(*body).toJson(QJsonDocument::Compact);
    }
    return request;
}

/// A 2xx answer is usable when its body is a JSON object.
BackendReply parsedAnswer(Route route, const HttpResult &answer)
{
    BackendReply result;
    result.httpStatus = answer.status;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(answer.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        result.error = QStringLiteral("%1 answer is not a JSON object").arg(routeName(route));
        return result;
    }
    result.body = doc.object();
    result.ok = true;
    return result;
}

/// SPEC §3's wording of each way an exchange can fail, named after the route.
BackendReply replyFrom(Route route, const HttpResult &answer, int timeoutMs)
{
    if (answer.ok())
        return parsedAnswer(route, answer);
    BackendReply result;
    result.httpStatus = answer.status;
    const QString name = routeName(route);
    switch (answer.outcome) {
    case HttpOutcome::TooLarge:
        result.error = QStringLiteral("%1 answer larger than 10 MiB; ignored").arg(name);
        break;
    case HttpOutcome::TimedOut:
        result.timedOut = true;
        result.error = QStringLiteral("%1 timed out after %2 ms").arg(name).arg(timeoutMs);
        break;
    case HttpOutcome::Incomplete:
        result.error = QStringLiteral("%1 answer incomplete: %2").arg(name, answer.error);
        break;
    case HttpOutcome::HttpError:
    case HttpOutcome::RedirectRefused:
        result.error = answer.error;
        break;
    case HttpOutcome::Answered:
    case HttpOutcome::NetworkFailed:
    case HttpOutcome::Compressed:
    case HttpOutcome::SinkFailed:
    case HttpOutcome::RedirectWithoutLocation:
    case HttpOutcome::TooManyRedirects:
        result.error = QStringLiteral("%1 failed: %2").arg(name, answer.error);
        break;
    }
    return result;
}

} // namespace

BackendClient::BackendClient(QNetworkAccessManager *manager, BackendOptions options)
    : m_manager(manager)
    , m_options(std::move(options))
{
}

BackendClient::~BackendClient() = default;
BackendClient::BackendClient(BackendClient &&) noexcept = default;
BackendClient &BackendClient::operator=(BackendClient &&) noexcept = default;

void BackendClient::sendPostsOnOwnConnection()
{
    if (!m_ownConnection)
        m_ownConnection = std::make_unique<Http1Connection>();
}

QUrl BackendClient::urlFor(Route route) const
{
    return routeUrl(m_options.endpoint, m_options.routeOverrides, route);
}

BackendReply BackendClient::post(Route route, const QJsonObject &body)
{
    return send(route, "POST", &body);
}

BackendReply BackendClient::get(Route route)
{
    return send(route, "GET", nullptr);
}

QString BackendClient::errorMessage(int status, const QByteArray &body, const QString &reason)
{
    return HttpExchange::errorMessage(status, body, reason);
}

QString BackendClient::refusedRedirect(const QUrl &from, const QByteArray &location, int status)
{
    return HttpExchange::refusedRedirect(from, location, status);
}

SyncCommands BackendClient::commandsFrom(const QJsonObject &syncAnswer)
{
    SyncCommands result;
    const QJsonValue cmds = syncAnswer.value(QStringLiteral("cmds"));
    QJsonValue list;
    QString key;
    if (cmds.isArray() && !cmds.toArray().isEmpty()) {
        list = cmds;
        key = QStringLiteral("cmds");
    } else if (syncAnswer.contains(QStringLiteral("commands"))) {
        list = syncAnswer.value(QStringLiteral("commands"));
        key = QStringLiteral("commands");
    } else if (!cmds.isUndefined() && !cmds.isNull() && !cmds.isArray()) {
        list = cmds;
        key = QStringLiteral("cmds");
    } else {
        return result;
    }
    if (list.isNull())
        return result;
    if (!list.isArray()) {
        result.error = QStringLiteral("malformed sync answer: `%1` is not an array").arg(key);
        return result;
    }
    const QJsonArray array = list.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array.at(i).isObject()) {
            result.commands.clear();
            result.error = QStringLiteral("malformed sync answer: `%1[%2]` is not an object").arg(key).arg(i);
            return result;
        }
        result.commands.append(array.at(i).toObject());
    }
    return result;
}

BackendReply BackendClient::send(Route route, const QByteArray &method, const QJsonObject *body)
{
    const QUrl url = urlFor(route);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        BackendReply result;
        result.error = QStringLiteral("invalid backend endpoint: %1").arg(m_options.endpoint);
        return result;
    }
    const qint64 remaining = m_deadline.remainingTime();
    if (remaining == 0) {
        BackendReply result;
        result.timedOut = true;
        result.error = QStringLiteral("%1 skipped: time budget exhausted").arg(routeName(route));
        return result;
    }
    const int timeoutMs = remaining < 0 ? m_timeoutMs : int(std::min<qint64>(m_timeoutMs, remaining));

    HttpPolicy policy;
    policy.transferTimeoutMs = timeoutMs;
    // Belt and braces: the transfer timeout restarts on progress; this bounds the whole exchange.
    policy.deadline = QDeadlineTimer(timeoutMs + 250);
    policy.caFile = m_options.caFile;
    policy.maxBytes = kMaxAnswerBytes;
    // API requests follow no redirect at all (see refusedRedirect()): neither the body nor the
    // auth headers are sent to a Location.
    policy.redirects = HttpPolicy::Redirects::Refuse;
    const HttpRequest request = apiRequest(url, method, body, m_options.token);
    if (method == "POST" && m_ownConnection) {
        const std::optional<HttpResult> answer = m_ownConnection->run(request, policy);
        if (answer && answer->outcome != HttpOutcome::Compressed)
            return replyFrom(route, *answer, timeoutMs);
    }
    return replyFrom(route, HttpExchange(*m_manager).run(request, policy), timeoutMs);
}

} // namespace teamai
