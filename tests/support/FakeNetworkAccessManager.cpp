#include "FakeNetworkAccessManager.h"

#include <QJsonDocument>
#include <QTimer>

namespace teamai::test {
namespace {

QString keyOf(const QByteArray &method, const QString &path)
{
    return QString::fromLatin1(method.toUpper()) + QLatin1Char(' ') + path;
}

QByteArray methodOf(QNetworkAccessManager::Operation op, const QNetworkRequest &request)
{
    switch (op) {
    case QNetworkAccessManager::HeadOperation: return "HEAD";
    case QNetworkAccessManager::GetOperation: return "GET";
    case QNetworkAccessManager::PutOperation: return "PUT";
    case QNetworkAccessManager::PostOperation: return "POST";
    case QNetworkAccessManager::DeleteOperation: return "DELETE";
    case QNetworkAccessManager::CustomOperation: return request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray();
    case QNetworkAccessManager::UnknownOperation: break;
    }
    return "UNKNOWN";
}

// The error Qt's HTTP backend sets beside a 4xx/5xx status, so a client sees what it would.
QNetworkReply::NetworkError errorForStatus(int status)
{
    switch (status) {
    case 400: return QNetworkReply::ProtocolInvalidOperationError;
    case 401: return QNetworkReply::AuthenticationRequiredError;
    case 403: return QNetworkReply::ContentAccessDenied;
    case 404: return QNetworkReply::ContentNotFoundError;
    case 405: return QNetworkReply::ContentOperationNotPermittedError;
    case 409: return QNetworkReply::ContentConflictError;
    case 410: return QNetworkReply::ContentGoneError;
    case 500: return QNetworkReply::InternalServerError;
    case 501: return QNetworkReply::OperationNotImplementedError;
    case 503: return QNetworkReply::ServiceUnavailableError;
    default: break;
    }
    if (status >= 400 && status < 500)
        return QNetworkReply::UnknownContentError;
    if (status >= 500)
        return QNetworkReply::UnknownServerError;
    return QNetworkReply::NoError;
}

/// One scripted reply: answers, fails or hangs, after its delay; abort() ends it as Qt's does.
class FakeReply : public QNetworkReply
{
public:
    FakeReply(QNetworkAccessManager::Operation op, const QNetworkRequest &request, FakeAnswer answer, QObject *parent)
        : QNetworkReply(parent)
        , m_answer(std::move(answer))
    {
        setOperation(op);
        setRequest(request);
        setUrl(request.url());
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, &FakeReply::respond);
        if (m_answer.kind != FakeAnswer::Kind::Hang)
            m_timer.start(m_answer.delayMs);  // never from inside the request call, as a real reply
    }

    void abort() override
    {
        if (isFinished())
            return;
        m_timer.stop();
        m_data.clear();
        finishWith(QNetworkReply::OperationCanceledError, QStringLiteral("Operation canceled"));
    }
    qint64 bytesAvailable() const override { return m_data.size() + QNetworkReply::bytesAvailable(); }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 n = std::min<qint64>(maxSize, m_data.size());
        std::copy_n(m_data.constData(), n, data);
        m_data.remove(0, n);
        return n;
    }

private:
    void respond()
    {
        if (m_answer.kind == FakeAnswer::Kind::Fail) {
            finishWith(m_answer.error, m_answer.errorText);
            return;
        }
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, m_answer.status);
        setAttribute(QNetworkRequest::HttpReasonPhraseAttribute, m_answer.status < 400 ? QByteArray("OK") : QByteArray("Error"));
        for (const auto &[name, value] : m_answer.headers)
            setRawHeader(name, value);
        if (!hasRawHeader("Content-Length"))
            setHeader(QNetworkRequest::ContentLengthHeader, m_answer.body.size());
        emit metaDataChanged();
        m_data = m_answer.body;
        if (!m_data.isEmpty())
            emit readyRead();
        emit downloadProgress(m_answer.body.size(), m_answer.body.size());
        if (isFinished())
            return;  // the client aborted while reading
        const QNetworkReply::NetworkError error = errorForStatus(m_answer.status);
        finishWith(error, error == QNetworkReply::NoError ? QString() : QStringLiteral("HTTP %1").arg(m_answer.status));
    }

    void finishWith(QNetworkReply::NetworkError error, const QString &text)
    {
        if (error != QNetworkReply::NoError) {
            setError(error, text);
            emit errorOccurred(error);
        }
        setFinished(true);
        emit finished();
    }

    FakeAnswer m_answer;
    QByteArray m_data;
    QTimer m_timer;
};

} // namespace

QJsonObject FakeRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

FakeAnswer FakeAnswer::json(const QJsonObject &body, int status)
{
    return bytes(QJsonDocument(body).toJson(QJsonDocument::Compact), status, "application/json");
}

FakeAnswer FakeAnswer::bytes(const QByteArray &body, int status, const QByteArray &contentType)
{
    FakeAnswer answer;
    answer.status = status;
    answer.body = body;
    answer.headers.append({"Content-Type", contentType});
    return answer;
}

FakeAnswer FakeAnswer::failure(QNetworkReply::NetworkError error, const QString &text)
{
    FakeAnswer answer;
    answer.kind = Kind::Fail;
    answer.error = error;
    answer.errorText = text;
    return answer;
}

FakeAnswer FakeAnswer::hang()
{
    FakeAnswer answer;
    answer.kind = Kind::Hang;
    return answer;
}

FakeAnswer FakeAnswer::late(int ms) const
{
    FakeAnswer answer = *this;
    answer.delayMs = ms;
    return answer;
}

FakeNetworkAccessManager::FakeNetworkAccessManager(QObject *parent)
    : QNetworkAccessManager(parent)
{
}

void FakeNetworkAccessManager::respond(const QByteArray &method, const QString &path, Responder responder)
{
    m_standing.insert(keyOf(method, path), std::move(responder));
}

void FakeNetworkAccessManager::respond(const QByteArray &method, const QString &path, const FakeAnswer &answer)
{
    respond(method, path, [answer](const FakeRequest &) { return answer; });
}

void FakeNetworkAccessManager::enqueue(const QByteArray &method, const QString &path, const FakeAnswer &answer)
{
    m_queued[keyOf(method, path)].append(answer);
}

QList<FakeRequest> FakeNetworkAccessManager::requests(const QString &path) const
{
    QList<FakeRequest> found;
    for (const FakeRequest &request : m_requests) {
        if (request.url.path() == path)
            found.append(request);
    }
    return found;
}

QStringList FakeNetworkAccessManager::log() const
{
    QStringList lines;
    for (const FakeRequest &request : m_requests)
        lines.append(keyOf(request.method, request.url.path()));
    return lines;
}

FakeAnswer FakeNetworkAccessManager::answerFor(const FakeRequest &request)
{
    const QString key = keyOf(request.method, request.url.path());
    QList<FakeAnswer> &queued = m_queued[key];
    if (!queued.isEmpty())
        return queued.takeFirst();
    if (const auto standing = m_standing.constFind(key); standing != m_standing.cend())
        return (*standing)(request);
    return FakeAnswer::bytes("no such route in the fake network", 404);
}

QNetworkReply *FakeNetworkAccessManager::createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData)
{
    FakeRequest seen;
    seen.method = methodOf(op, request);
    seen.url = request.url();
    seen.request = request;
    if (outgoingData)
        seen.body = outgoingData->readAll();
    m_requests.append(seen);
    emit requestSeen(seen);
    return new FakeReply(op, request, answerFor(seen), this);
}

} // namespace teamai::test
