// bench_hook_floor: the least a hook built on this product's libraries can do, to measure the
// idle hook against (docs/performance.md, "2026-12-04: the hook, second round").
//
//   bench_hook_floor URL [--ledger FILE] [--token T]   (the hook JSON on stdin is read and ignored)
//
// It is linked like `teamai` (Qt Core and Network, SQLite; SQLite and libstdc++ first), builds a
// QCoreApplication, optionally opens a SQLite database and reads its schema (what opening the
// ledger costs at the least), and POSTs a report and a sync body to URL on one keep-alive
// connection, each waited for in an event loop as the hook does. No configuration, token store,
// workspace lookup, ledger query, logging or error handling: whatever `teamai --hook` takes
// beyond this program is the hook's own work. Exit status 0 when both requests got a 2xx answer.
//
// Built a second time as bench_hook_floor_core (TEAMAI_FLOOR_WITHOUT_QT_NETWORK): Qt Core and
// SQLite only, the two POSTs written on a POSIX socket (plain http, numeric host only). It is the
// floor of a hook that would not load Qt Network at all, the lever docs/performance.md weighs for
// issue 19 item 2: what the 75x target asks of a hook still built on Qt Core.

#include <QCoreApplication>
#include <QFile>
#include <QUrl>

#ifdef TEAMAI_FLOOR_WITHOUT_QT_NETWORK
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#else
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#endif

#include <sqlite3.h>

#include <cstdio>

namespace {

#ifdef TEAMAI_FLOOR_WITHOUT_QT_NETWORK
/// One kept-alive plain-http connection to a numeric IPv4 host: the least a request can cost.
class Connection
{
public:
    explicit Connection(const QUrl &base)
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(quint16(base.port(80)));
        m_fd = inet_pton(AF_INET, base.host().toLatin1().constData(), &address.sin_addr) == 1
            ? socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0) : -1;
        if (m_fd >= 0 && connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            close(m_fd);
            m_fd = -1;
        }
    }
    ~Connection()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    Q_DISABLE_COPY(Connection)

    /// Sends a POST and reads its answer whole (Content-Length framing: the devserver's).
    bool post(const QUrl &url, const QByteArray &token, const QByteArray &body)
    {
        const QByteArray request = "POST " + url.path(QUrl::FullyEncoded).toLatin1() + " HTTP/1.1\r\nHost: "
            + url.authority().toLatin1() + "\r\nContent-Type: application/json\r\nAuthorization: Bearer " + token
            + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        if (m_fd < 0 || send(m_fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) != request.size())
            return false;
        return readAnswer().startsWith("HTTP/1.1 2");
    }

private:
    QByteArray readAnswer()
    {
        QByteArray answer;
        qsizetype headerEnd = -1;
        qsizetype total = -1;
        char chunk[4096];
        while (total < 0 || answer.size() < total) {
            const ssize_t got = recv(m_fd, chunk, sizeof chunk, 0);
            if (got <= 0)
                return {};
            answer.append(chunk, got);
            if (headerEnd < 0 && (headerEnd = answer.indexOf("\r\n\r\n")) >= 0) {
                const qsizetype at = answer.toLower().indexOf("content-length:");
                total = headerEnd + 4 + (at >= 0 ? answer.mid(at + 15, 20).trimmed().split('\r').value(0).toLongLong() : 0);
            }
        }
        return answer;
    }

    int m_fd = -1;
};

bool post(Connection &connection, const QUrl &url, const QByteArray &token, const QByteArray &body)
{
    return connection.post(url, token, body);
}
#else
bool post(QNetworkAccessManager &network, const QUrl &url, const QByteArray &token, const QByteArray &body)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + token);
    QNetworkReply *reply = network.post(request, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->readAll();
    delete reply;
    return status >= 200 && status < 300;
}
#endif

/// Opens @p path and makes SQLite read its schema, as every statement on a fresh connection does.
bool readSchema(const QByteArray &path)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open_v2(path.constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close_v2(db);
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args.at(1).startsWith(u'-')) {
        std::fprintf(stderr, "usage: bench_hook_floor URL [--ledger FILE] [--token T] < hook.json\n");
        return 2;
    }
    const QString base = args.at(1);
    const qsizetype ledgerAt = args.indexOf(QStringLiteral("--ledger"));
    const qsizetype tokenAt = args.indexOf(QStringLiteral("--token"));
    const QByteArray token = tokenAt > 0 ? args.value(tokenAt + 1).toUtf8() : QByteArrayLiteral("dev-token");
    QFile in;
    if (in.open(stdin, QIODevice::ReadOnly))
        in.readAll();
    if (ledgerAt > 0 && !readSchema(QFile::encodeName(args.value(ledgerAt + 1))))
        return 1;
#ifdef TEAMAI_FLOOR_WITHOUT_QT_NETWORK
    Connection network{QUrl(base)};
#else
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
#endif
    const bool reported = post(network, QUrl(base + QStringLiteral("/api/local-agent/report")), token,
                               QByteArrayLiteral("{\"agent_type\":\"claude\",\"local_agent_id\":\"floor\",\"last_status\":\"running\"}"));
    const bool synced = post(network, QUrl(base + QStringLiteral("/api/local-agent/sync")), token,
                             QByteArrayLiteral("{\"agent_type\":\"claude\",\"local_agent_id\":\"floor\",\"status\":\"running\"}"));
    return reported && synced ? 0 : 1;
}
