#pragma once

#include "util/Result.h"

#include <QDeadlineTimer>
#include <QString>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QTemporaryFile;

namespace teamai {

/// @brief Limits and settings of one download.
struct DownloadOptions {
    static constexpr qint64 kDefaultMaxBytes = 50 * 1024 * 1024;
    static constexpr int kDefaultTimeoutMs = 60000;
    static constexpr int kDefaultMaxRedirects = 5;

    qint64 maxBytes = kDefaultMaxBytes;
    int maxRedirects = kDefaultMaxRedirects;
    int timeoutMs = kDefaultTimeoutMs;  ///< one budget for the whole download, redirects included
    /// A deadline the download never runs past (the foreground budget of a hook), besides timeoutMs.
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    QString caFile;                     ///< extra CA certificates (PEM), as for the backend
    QString tempDir;                    ///< private folder for the file; default <agent state>/tmp
};

/// @brief What one download came to. On success `file` holds the body in a private temporary
/// file (0600, in a 0700 folder) that is removed when the result is destroyed.
struct DownloadResult {
    bool ok = false;
    QString error;                      ///< one plain line, safe to put in an ack (no URL query)
    std::unique_ptr<QTemporaryFile> file;
    QUrl finalUrl;
    qint64 bytes = 0;
    int redirects = 0;
    QString contentType;
    /// The caller's deadline (not the download's own budget) ran out: nothing is wrong with the
    /// download itself, it just did not fit this run and can be tried again later.
    bool stoppedByDeadline = false;

    DownloadResult();
    DownloadResult(DownloadResult &&) noexcept;
    DownloadResult &operator=(DownloadResult &&) noexcept;
    ~DownloadResult();
};

/// @brief Fetches a resource (`download_url` of a command) over http(s) into a private temporary
/// file, enforcing SPEC §4: http and https only, checked again on every redirect hop (redirects
/// are followed here, at most maxRedirects), one time budget for the whole download, a size cap
/// checked against Content-Length up front and against the bytes as they stream in. A download
/// is complete or failed: the body must end without a network error and match its declared
/// Content-Length (`Download incomplete: received N of M bytes`); it is requested with
/// `Accept-Encoding: identity` and a compressed answer is refused, so no decompression bomb
/// reaches Qt's inflater and the byte counts are the stored bytes.
///
/// Blocking for the caller, like BackendClient: HttpExchange does the transfer with a Follow
/// redirect policy (checkUrl() on every target) and the temporary file as its sink. No token
/// is sent: a download URL may point anywhere.
class Downloader
{
public:
    explicit Downloader(QNetworkAccessManager *manager);

    /// @brief Downloads @p url. Never leaves a file behind on failure.
    DownloadResult fetch(const QString &url, const DownloadOptions &options = {});

    /// @brief Succeeds when @p url may be fetched (absolute http/https URL with a host), else fails
    /// with the ack error: `Unsupported download URL scheme: <scheme>:` or `Invalid download URL`.
    static Status checkUrl(const QUrl &url);

    /// @brief The default folder for downloads: `<agent state dir>/tmp`.
    static QString defaultTempDir();

private:
    QNetworkAccessManager *m_manager;
};

} // namespace teamai
