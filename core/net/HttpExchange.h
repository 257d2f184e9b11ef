#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QList>
#include <QString>
#include <QUrl>

#include <functional>
#include <utility>

class QIODevice;
class QNetworkAccessManager;

namespace teamai {

/// @brief What to send: method, URL, extra headers, body.
struct HttpRequest {
    QByteArray method = "GET";
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

/// @brief How one exchange is bounded and which redirects it may follow.
struct HttpPolicy {
    enum class Redirects {
        Refuse,  ///< every 3xx answer is an error naming its target (the backend API)
        Follow,  ///< 301/302/303/307/308 are followed, at most maxRedirects, each target checked
    };

    int transferTimeoutMs = 0;  ///< Qt's transfer timeout (restarts on progress); 0: none
    /// The whole exchange, redirects included, stops here (a guard timer aborts it).
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    QString caFile;             ///< extra CA certificates (PEM) for https, besides the system store
    qint64 maxBytes = 10 * 1024 * 1024;  ///< a longer body is aborted while it streams in
    /// -1: a non-2xx body counts against maxBytes like any other; else only its first
    /// keepErrorBodyBytes are kept, the rest is read and dropped.
    qint64 keepErrorBodyBytes = -1;
    /// Ask for `Accept-Encoding: identity` and refuse a compressed 2xx answer: no inflater runs,
    /// so the size cap counts the bytes that are stored.
    bool identityEncoding = false;
    /// When set, a 2xx body is written here as it arrives instead of into HttpResult::body.
    QIODevice *sink = nullptr;
    Redirects redirects = Redirects::Refuse;
    int maxRedirects = 0;
    /// Follow: whether a redirect target may be requested, and if not why (the error).
    std::function<Status(const QUrl &)> checkRedirectTarget;
};

/// @brief How an exchange ended; HttpResult::error holds the detail of a failure.
enum class HttpOutcome {
    Answered,                 ///< a complete 2xx answer
    HttpError,                ///< a non-2xx answer; error: the SPEC §3 message of its body
    TimedOut,                 ///< the deadline or the transfer timeout stopped it
    TooLarge,                 ///< the body was longer than maxBytes (or announced so)
    Compressed,               ///< identityEncoding, and a 2xx came compressed; error: its encoding
    SinkFailed,               ///< the sink refused bytes; error: the sink's error text
    NetworkFailed,            ///< no HTTP answer; error: Qt's text, URL query left out
    Incomplete,               ///< a 2xx body broke off; error: Qt's text or "received N of M bytes"
    RedirectRefused,          ///< a redirect this policy does not follow; error: why
    RedirectWithoutLocation,  ///< Follow: a redirect naming no target
    TooManyRedirects,         ///< Follow: more than maxRedirects
};

/// @brief What one exchange came to (the last hop of a followed chain).
struct HttpResult {
    HttpOutcome outcome = HttpOutcome::NetworkFailed;
    QString error;
    int status = 0;           ///< 0 when no HTTP answer arrived
    QString reason;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;          ///< the 2xx body (without a sink), or the kept part of another
    qint64 bodyBytes = 0;     ///< bytes of the 2xx body received (written to the sink)
    qint64 contentLength = -1;  ///< as announced by a 2xx answer, -1 when not
    QString contentType;
    QUrl finalUrl;            ///< the URL the last hop requested
    int redirects = 0;        ///< redirects followed

    bool ok() const { return outcome == HttpOutcome::Answered; }
    bool timedOut() const { return outcome == HttpOutcome::TimedOut; }
    QByteArray header(const QByteArray &name) const;
};

/// @brief Performs one HTTP(S) exchange on an injected QNetworkAccessManager and blocks until it
/// is over. It owns what every request of the agent shares: the user agent, the extra CA file,
/// the guard timer that bounds the whole exchange, the size cap enforced while bytes arrive, the
/// redirect policy and the classification of failures (HttpOutcome). Callers phrase the errors.
///
/// Waiting runs a local event loop on the calling thread, the manager's thread. Everything
/// posted to that thread is delivered there too: the tray runs rounds on a thread that nothing
/// else posts to (docs/architecture.md, "Waiting for the network").
class HttpExchange
{
public:
    explicit HttpExchange(QNetworkAccessManager &manager);

    /// @brief Sends @p request, following redirects as @p policy says.
    HttpResult run(HttpRequest request, const HttpPolicy &policy);

    /// @brief Classifies an answer whose status alone decides it: a 3xx that @p policy refuses
    /// (RedirectRefused, naming its target, body dropped) or another non-2xx (HttpError with the
    /// SPEC §3 message of its body). False, and @p result unchanged, for a 2xx or a followed 3xx.
    static bool classifyByStatus(HttpResult &result, const HttpPolicy &policy);
    /// @brief SPEC §3: the JSON body's `error`, else the body text, else "<status> <reason>".
    static QString errorMessage(int status, const QByteArray &body, const QString &reason);
    /// @brief The error for a refused 3xx answer to a request for @p from (see BackendClient).
    static QString refusedRedirect(const QUrl &from, const QByteArray &location, int status);
    /// @brief @p url as logs and errors may show it: a signed URL's query is a credential.
    static QString safeUrl(const QUrl &url);

private:
    HttpResult runHop(const HttpRequest &request, const HttpPolicy &policy);

    QNetworkAccessManager &m_manager;
};

} // namespace teamai
