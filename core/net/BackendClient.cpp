#include "net/BackendClient.h"

#include "log/Logging.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTimer>

#include <algorithm>

namespace teamai {

namespace {

int defaultPort(const QString &scheme)
{
    if (scheme.compare(QLatin1String("https"), Qt::CaseInsensitive) == 0)
        return 443;
    if (scheme.compare(QLatin1String("http"), Qt::CaseInsensitive) == 0)
        return 80;
    return -1;
}

} // namespace

BackendClient::BackendClient(QNetworkAccessManager *manager, BackendOptions options)
    : m_manager(manager)
    , m_options(std::move(options))
{
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
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonValue error = doc.object().value(QStringLiteral("error"));
        if (error.isString() && !error.toString().isEmpty())
            return error.toString();
    }
    const QString text = QString::fromUtf8(body).trimmed();
    if (!text.isEmpty())
        return text.left(500);
    return QStringLiteral("%1 %2").arg(status).arg(reason).trimmed();
}

QString BackendClient::refusedRedirect(const QUrl &from, const QByteArray &location, int status)
{
    if (location.trimmed().isEmpty())
        return QStringLiteral("Refusing redirect (HTTP %1 without a Location): the backend API follows no redirects").arg(status);
    const QUrl target = from.resolved(QUrl(QString::fromUtf8(location.trimmed())));
    // Named without query, fragment or user info: a signed URL's query is a credential.
    const QString shown = target.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString();
    const bool sameOrigin = target.scheme().compare(from.scheme(), Qt::CaseInsensitive) == 0
                            && target.host().compare(from.host(), Qt::CaseInsensitive) == 0
                            && target.port(defaultPort(target.scheme())) == from.port(defaultPort(from.scheme()));
    if (!sameOrigin)
        return QStringLiteral("Refusing redirect to %1: a different origin").arg(shown);
    return QStringLiteral("Refusing redirect to %1: the backend API follows no redirects (set the endpoint to the new address)")
        .arg(shown);
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
    BackendReply result;
    const QUrl url = urlFor(route);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        result.error = QStringLiteral("invalid backend endpoint: %1").arg(m_options.endpoint);
        return result;
    }
    const qint64 remaining = m_deadline.remainingTime();
    if (remaining == 0) {
        result.timedOut = true;
        result.error = QStringLiteral("%1 skipped: time budget exhausted").arg(routeName(route));
        return result;
    }
    const int timeoutMs = remaining < 0 ? m_timeoutMs : int(std::min<qint64>(m_timeoutMs, remaining));

    QNetworkRequest request(url);
    request.setTransferTimeout(timeoutMs);
    // API requests follow no redirect at all (see refusedRedirect()): Qt must hand the 3xx back
    // instead of re-sending the body and both auth headers to the Location.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setMaximumRedirectsAllowed(0);
    request.setRawHeader("Accept", "application/json");
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("teamai-desktop-agent"));
    if (!m_options.token.isEmpty()) {
        const QByteArray token = m_options.token.toUtf8();
        request.setRawHeader("Authorization", "Bearer " + token);
        request.setRawHeader("X-API-Token", token);
    }
    if (!m_options.caFile.isEmpty() && url.scheme() == QLatin1String("https")) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.addCaCertificates(QSslCertificate::fromPath(m_options.caFile));
        request.setSslConfiguration(ssl);
    }
    QByteArray payload;
    if (body) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        payload = QJsonDocument(*body).toJson(QJsonDocument::Compact);
    }

    QNetworkReply *reply = m_manager->sendCustomRequest(request, method, payload);
    QEventLoop loop;
    bool tooLarge = false;
    // The cap is enforced while bytes arrive, so a hostile answer cannot fill memory first.
    QObject::connect(reply, &QNetworkReply::downloadProgress, &loop, [&](qint64 received, qint64 total) {
        if (received > kMaxAnswerBytes || total > kMaxAnswerBytes) {
            tooLarge = true;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    // Belt and braces: the transfer timeout resets on progress; this bounds the whole exchange.
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, reply, &QNetworkReply::abort);
    bool hardTimeout = false;
    QObject::connect(&guard, &QTimer::timeout, &loop, [&hardTimeout] { hardTimeout = true; });
    guard.start(timeoutMs + 250);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    guard.stop();

    result.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    const QNetworkReply::NetworkError networkError = reply->error();
    const QByteArray answer = tooLarge ? QByteArray() : reply->readAll();
    const QByteArray location = reply->rawHeader("Location");
    const QString networkErrorText = reply->errorString();
    reply->deleteLater();

    if (tooLarge) {
        result.error = QStringLiteral("%1 answer larger than 10 MiB; ignored").arg(routeName(route));
        return result;
    }
    if (networkError == QNetworkReply::TimeoutError || networkError == QNetworkReply::OperationCanceledError || hardTimeout) {
        result.timedOut = true;
        result.error = QStringLiteral("%1 timed out after %2 ms").arg(routeName(route)).arg(timeoutMs);
        return result;
    }
    if (result.httpStatus == 0) {
        result.error = QStringLiteral("%1 failed: %2").arg(routeName(route), networkErrorText);
        return result;
    }
    if (result.httpStatus >= 300 && result.httpStatus <= 399) {
        // Nothing of a redirect answer is acted on: the caller sees an error, never a body.
        result.error = refusedRedirect(url, location, result.httpStatus);
        return result;
    }
    if (result.httpStatus < 200 || result.httpStatus > 299) {
        result.error = errorMessage(result.httpStatus, answer, reason);
        return result;
    }
    if (networkError != QNetworkReply::NoError) {
        // A 2xx body that broke off (closed short of its Content-Length) may still parse: use none of it.
        result.error = QStringLiteral("%1 answer incomplete: %2").arg(routeName(route), networkErrorText);
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        result.error = QStringLiteral("%1 answer is not a JSON object").arg(routeName(route));
        return result;
    }
    result.body = doc.object();
    result.ok = true;
    return result;
}

} // namespace teamai
