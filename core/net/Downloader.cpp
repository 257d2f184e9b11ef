#include "net/Downloader.h"

#include "log/Logging.h"
#include "net/HttpExchange.h"
#include "util/Paths.h"

#include <QElapsedTimer>
#include <QTemporaryFile>

namespace teamai {
namespace {

constexpr qint64 kMaxErrorBodyBytes = 4096;

/// "50 MiB" for the usual caps, the exact byte count for odd ones (tests use small caps).
QString sizeText(qint64 bytes)
{
    constexpr qint64 mib = 1024 * 1024;
    return bytes % mib == 0 ? QStringLiteral("%1 MiB").arg(bytes / mib) : QStringLiteral("%1 bytes").arg(bytes);
}

/// One budget for the whole chain of requests, never past the caller's deadline.
struct Budget {
    QDeadlineTimer deadline;
    bool isCallers = false;  ///< the caller's deadline, not the download's own timeout, is the limit
};

Budget budgetOf(const DownloadOptions &options)
{
    Budget budget{QDeadlineTimer(options.timeoutMs), false};
    if (!options.deadline.isForever() && options.deadline.deadline() < budget.deadline.deadline())
        budget = Budget{options.deadline, true};
    return budget;
}

/// No token (a download URL may point anywhere); redirects followed with every hop's scheme
/// checked; the body streamed into @p file uncompressed, under the size cap.
HttpPolicy downloadPolicy(const DownloadOptions &options, const QDeadlineTimer &deadline, QIODevice *file)
{
    HttpPolicy policy;
    policy.deadline = deadline;
    policy.caFile = options.caFile;
    policy.maxBytes = options.maxBytes;
    policy.keepErrorBodyBytes = kMaxErrorBodyBytes;  // redirect and error bodies: a little, for the log
    policy.identityEncoding = true;
    policy.sink = file;
    policy.redirects = HttpPolicy::Redirects::Follow;
    policy.maxRedirects = options.maxRedirects;
    policy.checkRedirectTarget = &Downloader::checkUrl;
    return policy;
}

QString incompleteError(const HttpResult &answer)
{
    if (answer.contentLength >= 0 && answer.bodyBytes != answer.contentLength)
        return QStringLiteral("Download incomplete: received %1 of %2 bytes").arg(answer.bodyBytes).arg(answer.contentLength);
    return QStringLiteral("Download incomplete: %1 after %2 bytes").arg(answer.error).arg(answer.bodyBytes);
}

/// The ack error of a download that did not succeed (SPEC §4 wording); empty when it did.
QString downloadError(const HttpResult &answer, const DownloadOptions &options, qint64 elapsedMs)
{
    const QString url = HttpExchange::safeUrl(answer.finalUrl);
    switch (answer.outcome) {
    case HttpOutcome::Answered:
        return {};
    case HttpOutcome::Compressed:
        return QStringLiteral("Download refused: compressed answer (Content-Encoding: %1); downloads are "
                              "requested uncompressed").arg(answer.error);
    case HttpOutcome::TooLarge:
        return QStringLiteral("Download too large: more than %1").arg(sizeText(options.maxBytes));
    case HttpOutcome::SinkFailed:
        return QStringLiteral("Cannot store the download: %1").arg(answer.error);
    case HttpOutcome::TimedOut:
        return QStringLiteral("Download timed out after %1 s").arg(qMax<qint64>(1, (elapsedMs + 500) / 1000));
    case HttpOutcome::RedirectWithoutLocation:
        return QStringLiteral("Download failed: redirect without a Location");
    case HttpOutcome::TooManyRedirects:
        return QStringLiteral("Too many redirects");
    case HttpOutcome::RedirectRefused:
        return answer.error;  // checkUrl()'s refusal of the target
    case HttpOutcome::NetworkFailed:
        return QStringLiteral("Download failed: %1").arg(answer.error);
    case HttpOutcome::HttpError:
        qCInfo(lcResources).noquote() << "download of" << url << "answered" << answer.status
                                      << QString::fromUtf8(answer.body.left(200));
        return QStringLiteral("Download failed: HTTP %1 %2").arg(answer.status).arg(answer.reason).trimmed();
    case HttpOutcome::Incomplete:
        qCWarning(lcResources).noquote() << "download of" << url << "broke off:" << incompleteError(answer);
        return incompleteError(answer);
    }
    return QStringLiteral("Download failed");
}

/// A private temporary file in @p tempDir (created 0700 when missing).
Result<std::unique_ptr<QTemporaryFile>> openTemporaryFile(const QString &tempDir)
{
    if (const Status folder = paths::ensurePrivateDir(tempDir); !folder)
        return Error{QStringLiteral("Cannot store the download: %1").arg(folder.error())};
    auto file = std::make_unique<QTemporaryFile>(tempDir + QStringLiteral("/download-XXXXXX"));
    if (!file->open())
        return Error{QStringLiteral("Cannot store the download: %1").arg(file->errorString())};
    return file;
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

Status Downloader::checkUrl(const QUrl &url)
{
    if (!url.isValid() || url.isRelative())
        return Error{QStringLiteral("Invalid download URL: not an absolute http(s) URL")};
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return Error{QStringLiteral("Unsupported download URL scheme: %1:").arg(scheme)};
    if (url.host().isEmpty())
        return Error{QStringLiteral("Invalid download URL: no host")};
    return {};
}

DownloadResult Downloader::fetch(const QString &urlText, const DownloadOptions &options)
{
    DownloadResult result;
    const QUrl url(urlText.trimmed());
    if (const Status allowed = checkUrl(url); !allowed) {
        result.error = allowed.error();
        return result;
    }
    const Budget budget = budgetOf(options);
    if (budget.deadline.hasExpired()) {
        result.error = QStringLiteral("Download skipped: no time left in this run's budget");
        result.stoppedByDeadline = budget.isCallers;
        return result;
    }
    QElapsedTimer clock;
    clock.start();
    Result<std::unique_ptr<QTemporaryFile>> opened =
        openTemporaryFile(options.tempDir.isEmpty() ? defaultTempDir() : options.tempDir);
    if (!opened) {
        result.error = opened.error();
        return result;
    }
    std::unique_ptr<QTemporaryFile> file = std::move(opened).value();

    HttpRequest request;
    request.url = url;
    const HttpResult answer = HttpExchange(*m_manager).run(request, downloadPolicy(options, budget.deadline, file.get()));
    result.redirects = answer.redirects;
    result.error = downloadError(answer, options, clock.elapsed());
    if (!result.error.isEmpty()) {
        result.stoppedByDeadline = answer.timedOut() && budget.isCallers;
        return result;
    }
    if (!file->flush()) {
        result.error = QStringLiteral("Cannot store the download: %1").arg(file->errorString());
        return result;
    }
    result.ok = true;
    result.bytes = answer.bodyBytes;
    result.finalUrl = answer.finalUrl;
    result.contentType = answer.contentType;
    result.file = std::move(file);
    qCInfo(lcResources).noquote() << "downloaded" << result.bytes << "bytes from" << HttpExchange::safeUrl(answer.finalUrl)
                                  << "in" << clock.elapsed() << "ms," << result.redirects << "redirect(s)";
    return result;
}

} // namespace teamai
