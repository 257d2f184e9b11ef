#include "net/Downloader.h"

#include "log/Logging.h"
#include "util/Paths.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTemporaryFile>
#include <QTimer>

namespace teamai {
namespace {

constexpr qint64 kMaxErrorBodyBytes = 4096;

/// What one request of the redirect chain came to.
struct Hop {
    int status = 0;
    QUrl location;        ///< set for a redirect answer
    bool redirect = false;
    bool tooLarge = false;
    bool timedOut = false;
    QString writeError;
    QString networkError;
    QString reason;
    QString contentType;
    QString contentEncoding;  ///< set when a 2xx answer came compressed (refused)
    QString bodyError;        ///< the network error of a 2xx answer whose body broke off
    qint64 announced = -1;    ///< Content-Length of a 2xx answer, -1 when none was given
    qint64 written = 0;
    QByteArray errorBody;     ///< the start of a non-2xx body, for the log
};

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

/// The URL as it may appear in logs and errors: a signed URL's query is a credential.
QString safeUrl(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString();
}

/// "50 MiB" for the usual caps, the exact byte count for odd ones (tests use small caps).
QString sizeText(qint64 bytes)
{
    constexpr qint64 mib = 1024 * 1024;
    return bytes % mib == 0 ? QStringLiteral("%1 MiB").arg(bytes / mib) : QStringLiteral("%1 bytes").arg(bytes);
}

/// The error of a hop the downloader itself stopped (compressed, too large, disk full), or empty.
QString stoppedHopError(const Hop &hop, const DownloadOptions &options)
{
    if (!hop.contentEncoding.isEmpty())
        return QStringLiteral("Download refused: compressed answer (Content-Encoding: %1); downloads are "
                              "requested uncompressed").arg(hop.contentEncoding);
    if (hop.tooLarge)
        return QStringLiteral("Download too large: more than %1").arg(sizeText(options.maxBytes));
    if (!hop.writeError.isEmpty())
        return QStringLiteral("Cannot store the download: %1").arg(hop.writeError);
    return {};
}

/// Empty when the 2xx body of @p hop arrived whole, else the ack error.
QString incompleteBody(const Hop &hop)
{
    if (hop.announced >= 0 && hop.written != hop.announced)
        return QStringLiteral("Download incomplete: received %1 of %2 bytes").arg(hop.written).arg(hop.announced);
    if (!hop.bodyError.isEmpty())
        return QStringLiteral("Download incomplete: %1 after %2 bytes").arg(hop.bodyError).arg(hop.written);
    return {};
}

/// The request of one hop: no token (a download URL may point anywhere), no automatic redirect.
QNetworkRequest downloadRequest(const QUrl &url, const DownloadOptions &options)
{
    QNetworkRequest request(url);
    // Redirects are followed by hand so that every hop's scheme is checked here.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("teamai-desktop-agent"));
    // Asking for the plain bytes also turns off Qt's transparent gunzip: the size cap and the
    // Content-Length check then see what is stored, and a compressed answer is refused.
    request.setRawHeader("Accept-Encoding", "identity");
    if (!options.caFile.isEmpty() && url.scheme() == QLatin1String("https")) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.addCaCertificates(QSslCertificate::fromPath(options.caFile));
        request.setSslConfiguration(ssl);
    }
    return request;
}

/// Copies what the finished @p reply says about itself into @p hop.
void readOutcome(Hop &hop, QNetworkReply *reply, const QUrl &url, bool stoppedHere)
{
    hop.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    hop.reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    hop.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toString();
    if (isRedirect(hop.status)) {
        hop.redirect = true;
        hop.location = QUrl(QString::fromUtf8(reply->rawHeader("Location")).trimmed());
    }
    if (reply->error() != QNetworkReply::NoError && hop.status == 0)
        hop.networkError = reply->errorString().replace(url.toString(), safeUrl(url));
    if (hop.status >= 200 && hop.status < 300 && !stoppedHere) {
        // A body Qt gave up on (connection closed early, a broken chunk) is not a download.
        if (reply->error() != QNetworkReply::NoError)
            hop.bodyError = reply->errorString().replace(url.toString(), safeUrl(url));
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (length.isValid())
            hop.announced = length.toLongLong();
    }
}

/// One request of the redirect chain: streams a 2xx body into @p file (size cap, no compressed
/// answer), keeps a little of any other body for the log, and stops at @p budget.
Hop runHop(QNetworkAccessManager *manager, const QUrl &url, const DownloadOptions &options, const QDeadlineTimer &budget,
           QTemporaryFile *file)
{
    Hop hop;
    QNetworkReply *reply = manager->get(downloadRequest(url, options));
    QEventLoop loop;

    const auto statusOf = [reply] { return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); };
    const auto drain = [&] {
        const int status = statusOf();
        if (status >= 200 && status < 300) {
            while (reply->bytesAvailable() > 0) {
                const QByteArray chunk = reply->read(256 * 1024);
                if (hop.written + chunk.size() > options.maxBytes) {
                    hop.tooLarge = true;
                    reply->abort();
                    return;
                }
                if (file->write(chunk) != chunk.size()) {
                    hop.writeError = file->errorString();
                    reply->abort();
                    return;
                }
                hop.written += chunk.size();
            }
        } else {
            // Redirect and error bodies are never stored; keep a little for the log.
            if (hop.errorBody.size() < kMaxErrorBodyBytes)
                hop.errorBody += reply->read(kMaxErrorBodyBytes - hop.errorBody.size());
            reply->readAll();
        }
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
        const int status = statusOf();
        const qint64 announced = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        if (status < 200 || status >= 300)
            return;
        const QString encoding = QString::fromLatin1(reply->rawHeader("Content-Encoding")).trimmed();
        if (!encoding.isEmpty() && encoding.compare(QLatin1String("identity"), Qt::CaseInsensitive) != 0) {
            hop.contentEncoding = encoding.left(40);
            reply->abort();
        } else if (announced > options.maxBytes) {
            hop.tooLarge = true;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, drain);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, [&] {
        hop.timedOut = true;
        reply->abort();
    });
    guard.start(int(std::max<qint64>(1, budget.remainingTime())));
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    guard.stop();
    const bool stoppedHere = hop.tooLarge || hop.timedOut || !hop.writeError.isEmpty() || !hop.contentEncoding.isEmpty();
    if (!stoppedHere)
        drain();

    readOutcome(hop, reply, url, stoppedHere);
    reply->deleteLater();
    return hop;
}

} // namespace

DownloadResult::DownloadResult() = default;
DownloadResult::DownloadResult(DownloadResult &&) noexcept = default;
DownloadResult &DownloadResult::operator=(DownloadResult &&) noexcept = default;
DownloadResult::~DownloadResult() = default;

Downloader::Downloader(QNetworkAccessManager *manager)
    : m_manager(manager)
{
}

QString Downloader::defaultTempDir()
{
    return paths::agentStateDir() + QStringLiteral("/tmp");
}

QString Downloader::checkUrl(const QUrl &url)
{
    if (!url.isValid() || url.isRelative())
        return QStringLiteral("Invalid download URL: not an absolute http(s) URL");
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return QStringLiteral("Unsupported download URL scheme: %1:").arg(scheme);
    if (url.host().isEmpty())
        return QStringLiteral("Invalid download URL: no host");
    return {};
}

DownloadResult Downloader::fetch(const QString &urlText, const DownloadOptions &options)
{
    DownloadResult result;
    QUrl url(urlText.trimmed());
    if (const QString problem = checkUrl(url); !problem.isEmpty()) {
        result.error = problem;
        return result;
    }

    // One budget for the whole chain of requests, never past the caller's deadline.
    QDeadlineTimer budget(options.timeoutMs);
    bool budgetIsCallers = false;
    if (!options.deadline.isForever() && options.deadline.deadline() < budget.deadline()) {
        budget = options.deadline;
        budgetIsCallers = true;
    }
    if (budget.hasExpired()) {
        result.error = QStringLiteral("Download skipped: no time left in this run's budget");
        result.stoppedByDeadline = budgetIsCallers;
        return result;
    }
    QElapsedTimer clock;
    clock.start();

    const QString tempDir = options.tempDir.isEmpty() ? defaultTempDir() : options.tempDir;
    QString dirError;
    if (!paths::ensurePrivateDir(tempDir, &dirError)) {
        result.error = QStringLiteral("Cannot store the download: %1").arg(dirError);
        return result;
    }
    auto file = std::make_unique<QTemporaryFile>(tempDir + QStringLiteral("/download-XXXXXX"));
    if (!file->open()) {
        result.error = QStringLiteral("Cannot store the download: %1").arg(file->errorString());
        return result;
    }

    for (;;) {
        const Hop hop = runHop(m_manager, url, options, budget, file.get());

        if (const QString refusal = stoppedHopError(hop, options); !refusal.isEmpty()) {
            result.error = refusal;
            return result;
        }
        if (hop.timedOut) {
            result.stoppedByDeadline = budgetIsCallers;
            result.error = QStringLiteral("Download timed out after %1 s").arg(qMax<qint64>(1, (clock.elapsed() + 500) / 1000));
            return result;
        }
        if (hop.redirect) {
            if (hop.location.isEmpty()) {
                result.error = QStringLiteral("Download failed: redirect without a Location");
                return result;
            }
            if (result.redirects >= options.maxRedirects) {
                result.error = QStringLiteral("Too many redirects");
                return result;
            }
            ++result.redirects;
            const QUrl next = url.resolved(hop.location);
            if (const QString problem = checkUrl(next); !problem.isEmpty()) {
                qCWarning(lcResources).noquote() << "refused redirect from" << safeUrl(url) << "to" << next.scheme() + u':';
                result.error = problem;
                return result;
            }
            url = next;
            continue;
        }
        if (hop.status == 0) {
            result.error = QStringLiteral("Download failed: %1").arg(hop.networkError);
            return result;
        }
        if (hop.status < 200 || hop.status > 299) {
            qCInfo(lcResources).noquote() << "download of" << safeUrl(url) << "answered" << hop.status
                                          << QString::fromUtf8(hop.errorBody.left(200));
            result.error = QStringLiteral("Download failed: HTTP %1 %2").arg(hop.status).arg(hop.reason).trimmed();
            return result;
        }
        if (const QString incomplete = incompleteBody(hop); !incomplete.isEmpty()) {
            qCWarning(lcResources).noquote() << "download of" << safeUrl(url) << "broke off:" << incomplete;
            result.error = incomplete;
            return result;
        }
        if (!file->flush()) {
            result.error = QStringLiteral("Cannot store the download: %1").arg(file->errorString());
            return result;
        }
        result.ok = true;
        result.bytes = hop.written;
        result.finalUrl = url;
        result.contentType = hop.contentType;
        result.file = std::move(file);
        qCInfo(lcResources).noquote() << "downloaded" << result.bytes << "bytes from" << safeUrl(url)
                                      << "in" << clock.elapsed() << "ms," << result.redirects << "redirect(s)";
        return result;
    }
}

} // namespace teamai
