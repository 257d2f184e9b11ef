// bench_tray_floor: the least a tray built on this product's libraries holds in memory, to measure
// the idle teamai-tray against (compare.sh's "Tray floor" row; issue 19 item 5).
//
//   bench_tray_floor LEDGER URL
//
// A QApplication with a tray icon and a menu of about the tray's size (what a bare Qt Widgets tray
// costs), the ledger LEDGER opened and counted through SQLite (what the tray's counts and windows
// read), and one POST to URL through QNetworkAccessManager (what a round sends). Then it sits in
// its event loop until killed. None of teamai's own code: what teamai-tray holds beyond this
// program is its own code, heap and threads.

#include <QApplication>
#include <QEventLoop>
#include <QFile>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPixmap>
#include <QSystemTrayIcon>

#include <sqlite3.h>

#include <cstdio>

namespace {

constexpr int kMenuActions = 16;  // teamai-tray's menu has about as many entries

bool countCommands(const QByteArray &path)
{
    sqlite3 *db = nullptr;
    const bool ok = sqlite3_open_v2(path.constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_exec(db, "SELECT count(*) FROM commands", nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close_v2(db);
    return ok;
}

bool postOnce(const QUrl &url)
{
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer dev-token"));
    QNetworkReply *reply = network.post(request, QByteArrayLiteral("{\"agent_type\":\"claude\",\"local_agent_id\":\"floor\"}"));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const bool ok = reply->error() == QNetworkReply::NoError;
    delete reply;
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    app.setQuitOnLastWindowClosed(false);
    const QStringList args = QApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: bench_tray_floor LEDGER URL\n");
        return 2;
    }
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::darkCyan);
    QSystemTrayIcon tray{QIcon(pixmap)};
    QMenu menu;
    for (int i = 0; i < kMenuActions; ++i)
        menu.addAction(QStringLiteral("Entry %1").arg(i));
    tray.setContextMenu(&menu);
    tray.show();
    if (!countCommands(QFile::encodeName(args.at(1))) || !postOnce(QUrl(args.at(2)))) {
        std::fprintf(stderr, "bench_tray_floor: the ledger or the POST failed\n");
        return 1;
    }
    return app.exec();
}
