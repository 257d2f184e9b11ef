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

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

#include <sqlite3.h>

#include <cstdio>

namespace {

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
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    const bool reported = post(network, QUrl(base + QStringLiteral("/api/local-agent/report")), token,
                               QByteArrayLiteral("{\"agent_type\":\"claude\",\"local_agent_id\":\"floor\",\"last_status\":\"running\"}"));
    const bool synced = post(network, QUrl(base + QStringLiteral("/api/local-agent/sync")), token,
                             QByteArrayLiteral("{\"agent_type\":\"claude\",\"local_agent_id\":\"floor\",\"status\":\"running\"}"));
    return reported && synced ? 0 : 1;
}
