#include "net/Http1Connection.h"

#include "net/Http1Answer.h"

#include <QEventLoop>
#include <QHostAddress>
#include <QHostInfo>
#include <QNetworkProxy>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace teamai {
namespace {

bool isHttps(const QUrl &url)
{
    return url.scheme() == QLatin1String("https");
}

/// RFC 9110 §5.6.2: a field name (and a method) is a token.
bool isToken(const QByteArray &text)
{
    static const QByteArray kSpecials = QByteArrayLiteral("!#$%&'*+-.^_`|~");
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || kSpecials.contains(c);
    });
}

bool isFieldValue(const QByteArray &text)
{
    return !text.contains('\r') && !text.contains('\n') && !text.contains('\0');
}

QByteArray hostField(const QUrl &url)
{
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    const int port = url.port(-1);
    if (port != -1 && port != (isHttps(url) ? 443 : 80))
        host += ':' + QByteArray::number(port);
    return host;
}

QByteArray requestTarget(const QUrl &url)
{
    QByteArray target = url.path(QUrl::FullyEncoded).toLatin1();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    return target;
}

/// The addresses of @p host (an address literal is its own), waiting at most @p waitMs (-1: no
/// limit); empty when it has none or the time ran out first (then @p timedOut is set).
QList<QHostAddress> lookUp(const QString &host, int waitMs, bool &timedOut)
{
    if (QHostAddress literal; literal.setAddress(host))
        return {literal};
    timedOut = waitMs == 0;
    if (timedOut)
        return {};
    QEventLoop loop;
    QList<QHostAddress> found;
    bool answered = false;
    const int id = QHostInfo::lookupHost(host, &loop, [&](const QHostInfo &info) {
        found = info.addresses();
        answered = true;
        loop.quit();
    });
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    if (waitMs > 0)
        guard.start(waitMs);
    if (!answered)
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (!answered) {
        QHostInfo::abortHostLookup(id);
        timedOut = true;
    }
    return found;
}

/// HttpExchange's classification (classify() there, classifyByStatus() shared) of an answer read here.
HttpResult resultOf(const Http1Answer &answer, const QUrl &url, const HttpPolicy &policy, bool timedOut,
                    const QString &socketError)
{
    HttpResult result;
    result.finalUrl = url;
    result.status = answer.status();
    result.reason = answer.reason();
    result.headers = answer.headers();
    result.contentType = QString::fromLatin1(answer.header("Content-Type"));
    if (timedOut || answer.tooLarge()) {
        result.outcome = timedOut ? HttpOutcome::TimedOut : HttpOutcome::TooLarge;
        return result;
    }
    result.body = answer.body();
    if (answer.failed() && result.status == 0) {
        result.outcome = HttpOutcome::NetworkFailed;
        result.error = socketError.isEmpty() ? answer.error() : socketError;
    } else if (HttpExchange::classifyByStatus(result, policy)) {
        return result;
    } else if (answer.failed()) {
        result.outcome = HttpOutcome::Incomplete;
        result.error = socketError.isEmpty() ? answer.error() : socketError;
    } else if (const QByteArray coding = answer.header("Content-Encoding").trimmed();
               !coding.isEmpty() && coding.compare("identity", Qt::CaseInsensitive) != 0) {
        result.outcome = HttpOutcome::Compressed;
        result.error = QString::fromLatin1(coding.left(40));
    } else {
        result.outcome = HttpOutcome::Answered;
        result.bodyBytes = result.body.size();
        result.contentLength = answer.contentLength();
    }
    return result;
}

} // namespace

/// The time an exchange may still wait: the deadline of the whole, and the transfer timeout,
/// which restarts whenever bytes arrive (as Qt's does).
class Http1Connection::Waiter
{
public:
    explicit Waiter(const HttpPolicy &policy)
        : m_deadline(policy.deadline), m_transferMs(policy.transferTimeoutMs)
    {
        progress();
    }

    void progress()
    {
        if (m_transferMs > 0)
            m_transfer = QDeadlineTimer(m_transferMs);
    }

    /// Milliseconds for the next blocking wait: -1 for no limit, 0 when the time is up.
    int nextWaitMs() const
    {
        const qint64 deadline = m_deadline.remainingTime();
        const qint64 transfer = m_transfer.remainingTime();
        const qint64 next = deadline < 0 ? transfer : transfer < 0 ? deadline : std::min(deadline, transfer);
        return int(std::min<qint64>(next, INT_MAX));
    }

    /// A blocking wait returned false: it was the clock when the socket says so or time is up.
    void noteFailedWait(const QAbstractSocket &socket)
    {
        if (socket.error() == QAbstractSocket::SocketTimeoutError || nextWaitMs() == 0)
            timedOut = true;
    }

    bool timedOut = false;

private:
    QDeadlineTimer m_deadline;
    QDeadlineTimer m_transfer = QDeadlineTimer(QDeadlineTimer::Forever);
    int m_transferMs;
};

Http1Connection::Http1Connection() = default;
Http1Connection::~Http1Connection() = default;

bool Http1Connection::serves(const HttpRequest &request, const HttpPolicy &policy)
{
    const QUrl &url = request.url;
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && !isHttps(url)) || url.host().isEmpty()
        || !url.userInfo().isEmpty())
        return false;
    if (policy.redirects != HttpPolicy::Redirects::Refuse || policy.sink || policy.keepErrorBodyBytes >= 0)
        return false;
    if (!isToken(request.method))
        return false;
    return std::all_of(request.headers.begin(), request.headers.end(),
                       [](const auto &field) { return isToken(field.first) && isFieldValue(field.second); });
}

QByteArray Http1Connection::serialize(const HttpRequest &request)
{
    QByteArray out = request.method + ' ' + requestTarget(request.url) + " HTTP/1.1\r\n";
    out += "Host: " + hostField(request.url) + "\r\n";
    out += "User-Agent: teamai-desktop-agent\r\n";
    // No compressed answers: what is read is what the size cap counts, with no inflater.
    out += "Accept-Encoding: identity\r\n";
    for (const auto &[name, value] : request.headers)
        out += name + ": " + value + "\r\n";
    if (!request.body.isEmpty() || (request.method != "GET" && request.method != "HEAD"))
        out += "Content-Length: " + QByteArray::number(request.body.size()) + "\r\n";
    return out + "\r\n" + request.body;
}

std::optional<HttpResult> Http1Connection::run(const HttpRequest &request, const HttpPolicy &policy)
{
    if (!serves(request, policy))
        return std::nullopt;
    const QByteArray bytes = serialize(request);
    Waiter waiter(policy);
    for (int attempt = 0; attempt < 2; ++attempt) {
        const Opened opened = open(request.url, policy, waiter);
        if (opened == Opened::Failed)
            return std::nullopt;
        Http1Answer answer(policy.maxBytes, request.method != "HEAD");
        const bool sent = opened != Opened::TimedOut && send(bytes, waiter);
        if (sent)
            receive(answer, waiter);
        // A kept-alive connection the server had closed: nothing of this request was answered.
        if (opened == Opened::Reused && !waiter.timedOut && (!sent || (answer.failed() && answer.nothingReceived()))) {
            drop();
            continue;
        }
        if (!sent && !waiter.timedOut)
            answer.closedByPeer();
        HttpResult result = resultOf(answer, request.url, policy, waiter.timedOut, m_socketError);
        if (!answer.done() || !answer.keepAlive() || !m_buffer.isEmpty())
            drop();
        return result;
    }
    return std::nullopt;
}

Http1Connection::Opened Http1Connection::open(const QUrl &url, const HttpPolicy &policy, Waiter &waiter)
{
    const QString origin = url.scheme() + QLatin1String("://") + QString::fromLatin1(hostField(url)) + u'|' + policy.caFile;
    if (m_socket && (origin != m_origin || m_socket->state() != QAbstractSocket::ConnectedState || m_socket->bytesAvailable() > 0))
        drop();
    m_socketError.clear();
    if (m_socket)
        return Opened::Reused;
    if (connectSocket(url, policy, waiter)) {
        m_origin = origin;
        ++m_connectionsOpened;
        return Opened::Fresh;
    }
    drop();
    return waiter.timedOut ? Opened::TimedOut : Opened::Failed;
}

bool Http1Connection::connectSocket(const QUrl &url, const HttpPolicy &policy, Waiter &waiter)
{
    bool lookupTimedOut = false;
    const QList<QHostAddress> addresses = lookUp(url.host(), waiter.nextWaitMs(), lookupTimedOut);
    waiter.timedOut = lookupTimedOut;
    if (addresses.isEmpty())
        return false;
    for (const QHostAddress &address : addresses) {
        if (connectTo(address, url, policy, waiter))
            return true;
        if (waiter.timedOut)
            return false;
    }
    return false;
}

bool Http1Connection::connectTo(const QHostAddress &address, const QUrl &url, const HttpPolicy &policy, Waiter &waiter)
{
    const auto port = quint16(url.port(isHttps(url) ? 443 : 80));
    QSslSocket *tls = nullptr;
    if (isHttps(url)) {
        auto socket = std::make_unique<QSslSocket>();
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        if (!policy.caFile.isEmpty())
            config.addCaCertificates(QSslCertificate::fromPath(policy.caFile));
        socket->setSslConfiguration(config);
        tls = socket.get();
        m_socket = std::move(socket);
    } else {
        m_socket = std::make_unique<QTcpSocket>();
    }
    // Only used where no proxy applies (the caller checks): never an application-wide one.
    m_socket->setProxy(QNetworkProxy::NoProxy);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    // The certificate is checked against the URL's host name, not the address connected to.
    if (tls)
        tls->connectToHostEncrypted(address.toString(), port, url.host());
    else
        m_socket->connectToHost(address, port);
    const int waitMs = waiter.nextWaitMs();
    const bool up = waitMs != 0 && (tls ? tls->waitForEncrypted(waitMs) : m_socket->waitForConnected(waitMs));
    if (!up)
        waiter.noteFailedWait(*m_socket);
    return up;
}

bool Http1Connection::send(const QByteArray &bytes, Waiter &waiter)
{
    if (m_socket->write(bytes) != bytes.size()) {
        m_socketError = m_socket->errorString();
        return false;
    }
    while (m_socket->bytesToWrite() > 0) {
        const int waitMs = waiter.nextWaitMs();
        if (waitMs == 0 || !m_socket->waitForBytesWritten(waitMs)) {
            waiter.noteFailedWait(*m_socket);
            m_socketError = m_socket->errorString();
            return false;
        }
    }
    return true;
}

bool Http1Connection::receive(Http1Answer &answer, Waiter &waiter)
{
    for (;;) {
        m_buffer += m_socket->readAll();
        answer.feed(m_buffer);
        if (answer.done() || answer.failed())
            return true;
        const int waitMs = waiter.nextWaitMs();
        if (waitMs != 0 && m_socket->waitForReadyRead(waitMs)) {
            waiter.progress();
            continue;
        }
        waiter.noteFailedWait(*m_socket);
        if (waiter.timedOut)
            return false;
        m_buffer += m_socket->readAll();
        answer.feed(m_buffer);
        if (m_socket->error() != QAbstractSocket::RemoteHostClosedError && !answer.done())
            m_socketError = m_socket->errorString();
        answer.closedByPeer();
        return true;
    }
}

void Http1Connection::drop()
{
    if (m_socket)
        m_socket->abort();
    m_socket.reset();
    m_buffer.clear();
    m_origin.clear();
}

} // namespace teamai
