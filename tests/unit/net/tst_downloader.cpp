// Downloader against the development backend: schemes checked on every hop, bounded redirects,
// size cap, one time budget, and no file left behind.

#include "net/Downloader.h"
#include "DataTable.h"
#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QTemporaryFile>
#include <QUrl>
#include <QtTest>

using namespace teamai;
using namespace teamai::test;

class TestDownloader : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> m_env;
    std::unique_ptr<DevServerProcess> m_server;
    QNetworkAccessManager m_network;

    DownloadResult fetch(const QString &pathOrUrl, DownloadOptions options = {})
    {
        const QString url = pathOrUrl.startsWith(u'/') ? m_server->baseUrl() + pathOrUrl : pathOrUrl;
        Downloader downloader(&m_network);
        return downloader.fetch(url, options);
    }
    QStringList tempFiles() const
    {
        return QDir(Downloader::defaultTempDir()).entryList(QDir::Files | QDir::Hidden);
    }
    static QString encoded(const QString &url)
    {
        return QString::fromLatin1(QUrl::toPercentEncoding(url));
    }

private slots:
    void initTestCase()
    {
        m_env = std::make_unique<TestEnvironment>();
        m_server = std::make_unique<DevServerProcess>();
        QVERIFY(m_server->isRunning());
        m_network.setProxy(QNetworkProxy::NoProxy);
    }
    void cleanupTestCase()
    {
        m_server.reset();
        m_env.reset();
    }
    void cleanup() { m_server->clearFaults(); }

    void downloadsIntoAPrivateTemporaryFile()
    {
        DownloadResult result = fetch(QStringLiteral("/download/rule/style.md?version=2"));
        QVERIFY2(result.ok, qPrintable(result.error));
        QVERIFY(result.file);
        const QString path = result.file->fileName();
        QVERIFY(path.startsWith(Downloader::defaultTempDir() + u'/'));
        QCOMPARE(QFileInfo(path).permissions() & 0x0077, QFileDevice::Permissions());
        QCOMPARE(QFileInfo(Downloader::defaultTempDir()).permissions() & 0x0077, QFileDevice::Permissions());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().startsWith("# Rule style"));
        result = DownloadResult();
        QVERIFY(!QFile::exists(path));  // removed with the result
    }

    void followsRedirects()
    {
        const QString inner = QStringLiteral("/download/redirect?to=") + encoded(QStringLiteral("/download/rule/x.md"));
        DownloadResult result = fetch(QStringLiteral("/download/redirect?status=307&to=") + encoded(inner));
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.redirects, 2);
    }

    void refusals_data() { loadTable(); }
    void refusals()
    {
        QFETCH(QString, url);
        QFETCH(QString, error);
        const DownloadResult result = fetch(url);
        QVERIFY(!result.ok);
        QCOMPARE(result.error, error);
        QVERIFY(!result.file);
        QCOMPARE(tempFiles(), QStringList());
    }

    void sizeCapWhileStreaming()
    {
        // The announced length is over the cap too, but the cap must also hold with a small limit.
        DownloadOptions options;
        options.maxBytes = 1000;
        const DownloadResult result = fetch(QStringLiteral("/download/blob?bytes=1001"), options);
        QCOMPARE(result.error, QStringLiteral("Download too large: more than 1000 bytes"));
        options.maxBytes = 1001;
        QVERIFY(fetch(QStringLiteral("/download/blob?bytes=1001"), options).ok);
    }

    void bodyShorterThanItsContentLengthFails()
    {
        m_server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("download")}, {QStringLiteral("contentLength"), 5000}});
        const DownloadResult result = fetch(QStringLiteral("/download/rule/x.md"));
        QVERIFY(!result.ok);
        QVERIFY(!result.file);
        QVERIFY2(result.error.startsWith(QStringLiteral("Download incomplete: received ")), qPrintable(result.error));
        QVERIFY2(result.error.endsWith(QStringLiteral(" of 5000 bytes")), qPrintable(result.error));
        QCOMPARE(tempFiles(), QStringList());
        m_server->clearFaults();
        QVERIFY(fetch(QStringLiteral("/download/rule/x.md")).ok);
    }

    void compressedAnswerIsRefused()
    {
        DownloadOptions options;
        options.maxBytes = 1024 * 1024;
        const DownloadResult result = fetch(QStringLiteral("/download/gzip-bomb/x.md?bytes=") + QString::number(64 * 1024 * 1024), options);
        QVERIFY(!result.ok);
        QVERIFY(!result.file);
        QCOMPARE(result.error, QStringLiteral("Download refused: compressed answer (Content-Encoding: gzip); downloads are "
                                              "requested uncompressed"));
        QCOMPARE(tempFiles(), QStringList());
        // It asked for the plain bytes, and sent no token.
        const QJsonObject seen = m_server->requests(QStringLiteral("download")).last().toObject();
        QCOMPARE(seen.value(QStringLiteral("authorization")).toString(), QString());
        QCOMPARE(seen.value(QStringLiteral("x_api_token")).toString(), QString());
    }

    void oneTimeBudgetForTheWholeDownload()
    {
        m_server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("download")}, {QStringLiteral("delayMs"), 400}});
        DownloadOptions options;
        options.timeoutMs = 1000;  // each hop is within it, the chain of three is not
        QElapsedTimer timer;
        timer.start();
        const QString inner = QStringLiteral("/download/redirect?to=") + encoded(QStringLiteral("/download/rule/x.md"));
        const DownloadResult result = fetch(QStringLiteral("/download/redirect?to=") + encoded(inner), options);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.startsWith(QStringLiteral("Download timed out after")), qPrintable(result.error));
        QVERIFY(timer.elapsed() < 2500);
        QCOMPARE(tempFiles(), QStringList());
    }

    void deadlineWins()
    {
        m_server->setFault(QJsonObject{{QStringLiteral("route"), QStringLiteral("download")}, {QStringLiteral("delayMs"), 2000}});
        DownloadOptions options;
        options.deadline = QDeadlineTimer(300);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!fetch(QStringLiteral("/download/rule/x.md"), options).ok);
        QVERIFY(timer.elapsed() < 1500);
        options.deadline = QDeadlineTimer(0);
        QCOMPARE(fetch(QStringLiteral("/download/rule/x.md"), options).error,
                 QStringLiteral("Download skipped: no time left in this run's budget"));
    }
};

QTEST_GUILESS_MAIN(TestDownloader)
#include "tst_downloader.moc"
