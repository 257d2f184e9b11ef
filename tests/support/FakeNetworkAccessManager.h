#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPair>
#include <QUrl>

#include <functional>

namespace teamai::test {

/// @brief One request the fake network saw, as sent.
struct FakeRequest {
    QByteArray method;
    QUrl url;
    QNetworkRequest request;  ///< every header, raw or known, as the client set it
    QByteArray body;

    QByteArray header(const QByteArray &name) const { return request.rawHeader(name); }
    QJsonObject json() const;  ///< the body as a JSON object (empty when it is not one)
};

/// @brief What the fake network does with one request.
struct FakeAnswer {
    enum class Kind { Answer, Fail, Hang };
    Kind kind = Kind::Answer;
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;  ///< Fail only
    QString errorText;
    int delayMs = 0;  ///< the answer (or failure) comes this late, on a QTimer

    /// @brief A 2xx-or-any answer with a JSON body.
    static FakeAnswer json(const QJsonObject &body, int status = 200);
    static FakeAnswer bytes(const QByteArray &body, int status = 200, const QByteArray &contentType = "text/plain");
    /// @brief No HTTP answer: the transport failed (connection refused, host not found…).
    static FakeAnswer failure(QNetworkReply::NetworkError error = QNetworkReply::ConnectionRefusedError,
                              const QString &text = QStringLiteral("Connection refused"));
    /// @brief Never finishes by itself: only the client's own timeout (an abort()) ends it.
    static FakeAnswer hang();
    /// @brief The same answer, @p ms later.
    FakeAnswer late(int ms) const;
};

/// @brief A QNetworkAccessManager that opens no socket: each request gets a fake reply scripted by
/// the test per (method, path), the way Nextcloud's syncenginetestutils.h fakes its server. Every
/// request is recorded (method, URL, headers, body), so a test asserts on what was sent.
///
/// For each (method, path) the one-shot answers queued with enqueue() are used first, in order;
/// then the standing one set with respond(); with neither, 404. A Responder may look at the
/// request (and, say, move a test clock on) before it answers.
class FakeNetworkAccessManager : public QNetworkAccessManager
{
    Q_OBJECT
public:
    using Responder = std::function<FakeAnswer(const FakeRequest &)>;

    explicit FakeNetworkAccessManager(QObject *parent = nullptr);

    void respond(const QByteArray &method, const QString &path, Responder responder);
    void respond(const QByteArray &method, const QString &path, const FakeAnswer &answer);
    void enqueue(const QByteArray &method, const QString &path, const FakeAnswer &answer);

    QList<FakeRequest> requests() const { return m_requests; }
    /// @brief The requests to @p path (any method), in the order they were sent.
    QList<FakeRequest> requests(const QString &path) const;
    /// @brief The paths requested, in order ("POST /api/…").
    QStringList log() const;
    void clearRequests() { m_requests.clear(); }

signals:
    void requestSeen(const teamai::test::FakeRequest &request);

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData) override;

private:
    FakeAnswer answerFor(const FakeRequest &request);

    QHash<QString, QList<FakeAnswer>> m_queued;
    QHash<QString, Responder> m_standing;
    QList<FakeRequest> m_requests;
};

} // namespace teamai::test
