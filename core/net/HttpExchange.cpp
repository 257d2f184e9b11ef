#include "net/HttpExchange.h"

#include "log/Logging.h"

#include <QEventLoop>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTimer>

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>

namespace teamai {
namespace {

constexpr qint64 kReadChunkBytes = 256 * 1024;

int defaultPort(const QString &scheme)
{
    if (scheme.compare(QLatin1String("https"), Qt::CaseInsensitive) == 0)
        return 443;
    if (scheme.compare(QLatin1String("http"), Qt::CaseInsensitive) == 0)
        return 80;
    return -1;
}

bool isSuccess(int status)
{
    return status >= 200 && status <= 299;
}

bool isFollowable(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

int statusOf(const QNetworkReply &reply)
{
    return reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QNetworkRequest networkRequest(const HttpRequest &request, const HttpPolicy &policy)
{
    QNetworkRequest out(request.url);
    // Qt hands every 3xx back: the policy decides, and neither a body nor a header is re-sent
    // to a Location nobody checked.
    out.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    out.setMaximumRedirectsAllowed(0);
    if (policy.transferTimeoutMs > 0)
        out.setTransferTimeout(policy.transferTimeoutMs);
    out.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("teamai-desktop-agent"));
    // Asking for the plain bytes also turns off Qt's transparent gunzip: the size cap and the
    // Content-Length check then see what is stored.
    if (policy.identityEncoding)
        out.setRawHeader("Accept-Encoding", "identity");
    for (const auto &[name, value] : request.headers)
        out.setRawHeader(name, value);
    if (!policy.caFile.isEmpty() && request.url.scheme() == QLatin1String("https")) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.addCaCertificates(QSslCertificate::fromPath(policy.caFile));
        out.setSslConfiguration(ssl);
    }
    return out;
}

/// Reads one reply as it arrives: the size cap, the sink, the kept start of an error body. A
/// stop (cap, sink, encoding, deadline) aborts the reply and is the outcome of the hop.
class HopReader
{
public:
    HopReader(QNetworkReply &reply, const HttpPolicy &policy, HttpResult &result)
        : m_reply(reply), m_policy(policy), m_result(result)
    {
    }

    std::optional<HttpOutcome> stopped() const { return m_stopped; }

    void stop(HttpOutcome why, const QString &detail = {})
    {
        if (m_stopped)
            return;
        m_stopped = why;
        m_result.error = detail;
        m_reply.abort();
    }

    void onMetaData()
    {
        const int status = statusOf(m_reply);
        if (m_stopped)
            return;
        if (isSuccess(status) && m_policy.identityEncoding) {
            const QString encoding = QString::fromLatin1(m_reply.rawHeader("Content-Encoding")).trimmed();
            if (!encoding.isEmpty() && encoding.compare(QLatin1String("identity"), Qt::CaseInsensitive) != 0)
                return stop(HttpOutcome::Compressed, encoding.left(40));
        }
        const QVariant length = m_reply.header(QNetworkRequest::ContentLengthHeader);
        // Refused before the first byte: a hostile answer cannot fill memory or disk first.
        if (isCapped(status) && length.isValid() && length.toLongLong() > m_policy.maxBytes)
            stop(HttpOutcome::TooLarge);
    }

    void drain()
    {
        const int status = statusOf(m_reply);
        while (!m_stopped && m_reply.bytesAvailable() > 0) {
            if (!isCapped(status)) {
                const qint64 room = std::max<qint64>(0, m_policy.keepErrorBodyBytes - m_result.body.size());
                m_result.body += m_reply.read(room);
                m_reply.readAll();
                return;
            }
            const QByteArray chunk = m_reply.read(kReadChunkBytes);
            if (m_received + chunk.size() > m_policy.maxBytes)
                return stop(HttpOutcome::TooLarge);
            if (isSuccess(status) && m_policy.sink) {
                if (m_policy.sink->write(chunk) != chunk.size())
                    return stop(HttpOutcome::SinkFailed, m_policy.sink->errorString());
            } else {
                m_result.body += chunk;
            }
            m_received += chunk.size();
            if (isSuccess(status))
                m_result.bodyBytes = m_received;
        }
    }

private:
    bool isCapped(int status) const { return isSuccess(status) || m_policy.keepErrorBodyBytes < 0; }

    QNetworkReply &m_reply;
    const HttpPolicy &m_policy;
    HttpResult &m_result;
    std::optional<HttpOutcome> m_stopped;
    qint64 m_received = 0;
};

/// The outcome of a hop that ran to its end (nothing stopped it), from the finished @p reply.
void classify(HttpResult &result, const QNetworkReply &reply, const HttpPolicy &policy)
{
    const QNetworkReply::NetworkError error = reply.error();
    const QString errorText = reply.errorString().replace(result.finalUrl.toString(), HttpExchange::safeUrl(result.finalUrl));
    if (error == QNetworkReply::TimeoutError || error == QNetworkReply::OperationCanceledError) {
        result.outcome = HttpOutcome::TimedOut;
    } else if (result.status == 0) {
        result.outcome = HttpOutcome::NetworkFailed;
        result.error = errorText;
    } else if (HttpExchange::classifyByStatus(result, policy)) {
        return;
    } else if (error != QNetworkReply::NoError) {
        // A 2xx body that broke off (closed short of its Content-Length) may still parse: it is no answer.
        result.outcome = HttpOutcome::Incomplete;
        result.error = errorText;
    } else if (result.contentLength >= 0 && result.bodyBytes != result.contentLength) {
        result.outcome = HttpOutcome::Incomplete;
        result.error = QStringLiteral("received %1 of %2 bytes").arg(result.bodyBytes).arg(result.contentLength);
    } else {
        result.outcome = HttpOutcome::Answered;
    }
}

/// Copies what the finished @p reply says about itself into @p result.
void readMetaData(HttpResult &result, const QNetworkReply &reply, bool stopped)
{
    result.status = statusOf(reply);
    result.reason = reply.attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    for (const QNetworkReply::RawHeaderPair &header : reply.rawHeaderPairs())
        result.headers.append({header.first, header.second});
    result.contentType = reply.header(QNetworkRequest::ContentTypeHeader).toString();
    const QVariant length = reply.header(QNetworkRequest::ContentLengthHeader);
    if (isSuccess(result.status) && !stopped && length.isValid())
        result.contentLength = length.toLongLong();
}

HttpResult redirectFailure(HttpResult hop, HttpOutcome outcome, const QString &error = {})
{
    hop.outcome = outcome;
    hop.error = error;
    return hop;
}

} // namespace

QByteArray HttpResult::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

HttpExchange::HttpExchange(QNetworkAccessManager &manager)
    : m_manager(manager)
{
}

HttpResult HttpExchange::run(HttpRequest request, const HttpPolicy &policy)
{
    int redirects = 0;
    for (;;) {
        HttpResult hop = runHop(request, policy);
        hop.redirects = redirects;
        if (policy.redirects != HttpPolicy::Redirects::Follow || hop.outcome != HttpOutcome::HttpError
            || !isFollowable(hop.status))
            return hop;
        const QByteArray location = hop.header("Location").trimmed();
        if (location.isEmpty())
            return redirectFailure(std::move(hop), HttpOutcome::RedirectWithoutLocation);
        if (redirects >= policy.maxRedirects)
            return redirectFailure(std::move(hop), HttpOutcome::TooManyRedirects);
        hop.redirects = ++redirects;
        // Every hop is checked here (Qt follows nothing): a redirect may not lead to another scheme.
        const QUrl next = request.url.resolved(QUrl(QString::fromUtf8(location)));
        if (const Status allowed = policy.checkRedirectTarget ? policy.checkRedirectTarget(next) : Status(); !allowed) {
            qCWarning(lcNet).noquote() << "refused redirect from" << safeUrl(request.url) << "to" << next.scheme() + u':';
            return redirectFailure(std::move(hop), HttpOutcome::RedirectRefused, allowed.error());
        }
        request.url = next;
    }
}

HttpResult HttpExchange::runHop(const HttpRequest &request, const HttpPolicy &policy)
{
    HttpResult result;
    result.finalUrl = request.url;
    const QNetworkRequest sent = networkRequest(request, policy);
    std::unique_ptr<QNetworkReply> reply(request.method == "GET" && request.body.isEmpty()
                                             ? m_manager.get(sent)
                                             : m_manager.sendCustomRequest(sent, request.method, request.body));
    HopReader reader(*reply, policy, result);
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::metaDataChanged, &loop, [&reader] { reader.onMetaData(); });
    QObject::connect(reply.get(), &QNetworkReply::readyRead, &loop, [&reader] { reader.drain(); });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    // Qt's transfer timeout restarts on every byte; the guard bounds the whole exchange.
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, [&reader] { reader.stop(HttpOutcome::TimedOut); });
    if (!policy.deadline.isForever())
        guard.start(int(std::clamp<qint64>(policy.deadline.remainingTime(), 1, INT_MAX)));
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    guard.stop();
    reader.drain();  // what came with the end of the answer

    readMetaData(result, *reply, reader.stopped().has_value());
    if (const std::optional<HttpOutcome> stopped = reader.stopped())
        result.outcome = *stopped;
    else
        classify(result, *reply, policy);
    return result;
}

bool HttpExchange::classifyByStatus(HttpResult &result, const HttpPolicy &policy)
{
    if (policy.redirects == HttpPolicy::Redirects::Refuse && result.status >= 300 && result.status <= 399) {
        // Nothing of a refused redirect is acted on: the caller sees an error, never a body.
        result.outcome = HttpOutcome::RedirectRefused;
        result.error = refusedRedirect(result.finalUrl, result.header("Location"), result.status);
        result.body.clear();
        return true;
    }
    if (isSuccess(result.status))
        return false;
    result.outcome = HttpOutcome::HttpError;
    result.error = errorMessage(result.status, result.body, result.reason);
    return true;
}

QString HttpExchange::errorMessage(int status, const QByteArray &body, const QString &reason)
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

QString HttpExchange::refusedRedirect(const QUrl &from, const QByteArray &location, int status)
{
    if (location.trimmed().isEmpty())
        return QStringLiteral("Refusing redirect (HTTP %1 without a Location): the backend API follows no redirects").arg(status);
    const QUrl target = from.resolved(QUrl(QString::fromUtf8(location.trimmed())));
    const QString shown = safeUrl(target);
    const bool sameOrigin = target.scheme().compare(from.scheme(), Qt::CaseInsensitive) == 0
                            && target.host().compare(from.host(), Qt::CaseInsensitive) == 0
                            && target.port(defaultPort(target.scheme())) == from.port(defaultPort(from.scheme()));
    if (!sameOrigin)
        return QStringLiteral("Refusing redirect to %1: a different origin").arg(shown);
    return QStringLiteral("Refusing redirect to %1: the backend API follows no redirects (set the endpoint to the new address)")
        .arg(shown);
}

QString HttpExchange::safeUrl(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString();
}

} // namespace teamai
