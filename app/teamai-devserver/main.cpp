// teamai-devserver: development backend for the TeamAI local agent. See README.md.

#include "DevServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>

#include <csignal>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <QSocketNotifier>
#include <sys/socket.h>
#include <unistd.h>
#else
#include <QTimer>
#endif

using teamai::devserver::AdminAccess;
using teamai::devserver::DevServer;

namespace {

// Exit code for bad usage or configuration; tests tell it apart from a crash (and from 1).
constexpr int usageError = 2;

int fail(const QString &message, int code = usageError)
{
    std::fputs(qPrintable(QStringLiteral("teamai-devserver: ") + message + QLatin1Char('\n')), stderr);
    return code;
}

#ifdef Q_OS_UNIX
// Self-pipe: the handler only writes a byte; the event loop does the quitting.
int signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[0], &byte, 1);
}

void quitOnSignals(QCoreApplication &app)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(signalPipe[1], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [notifier] {
        notifier->setEnabled(false);
        QCoreApplication::quit();
    });
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
}
#else
volatile std::sig_atomic_t stopRequested = 0;

void onSignal(int)
{
    stopRequested = 1;
}

void quitOnSignals(QCoreApplication &app)
{
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    auto *poll = new QTimer(&app);
    QObject::connect(poll, &QTimer::timeout, &app, [] {
        if (stopRequested)
            QCoreApplication::quit();
    });
    poll->start(100);
}
#endif

/// Writes the admin token to @p path, readable by the owner only.
bool writeTokenFile(const QString &path, const QString &token, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        || file.write(token.toUtf8() + '\n') < 0) {
        *error = file.errorString();
        return false;
    }
    return true;
}

QString urlHost(const QHostAddress &address)
{
    const QString host = address.toString();
    return address.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + host + QLatin1Char(']') : host;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("teamai-devserver"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Development backend for the TeamAI local agent."));
    parser.addHelpOption();
    const QCommandLineOption portOption(QStringLiteral("port"), QStringLiteral("Port to listen on (0: any free port)."),
                                        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption bindOption(QStringLiteral("bind"), QStringLiteral("Address to listen on."),
                                        QStringLiteral("ADDR"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption remoteOption(QStringLiteral("allow-remote"),
                                          QStringLiteral("Allow a non-loopback --bind address."));
    const QCommandLineOption tokenOption(QStringLiteral("token"), QStringLiteral("API token agents must send."),
                                         QStringLiteral("T"), QStringLiteral("dev-token"));
    const QCommandLineOption queueOption(QStringLiteral("queue"),
                                         QStringLiteral("JSON array of commands to queue at start."),
                                         QStringLiteral("FILE"));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), QStringLiteral("Do not log requests on stderr."));
    const QCommandLineOption adminTokenOption(QStringLiteral("admin-token"),
                                              QStringLiteral("Token the /admin/ API requires (default: a random one, printed at start)."),
                                              QStringLiteral("T"));
    const QCommandLineOption adminTokenFileOption(QStringLiteral("admin-token-file"),
                                                  QStringLiteral("Also write the admin token to FILE (mode 0600)."),
                                                  QStringLiteral("FILE"));
    parser.addOptions({portOption, bindOption, remoteOption, tokenOption, queueOption, quietOption, adminTokenOption,
                       adminTokenFileOption});

    // parse() rather than process(): process() exits with 1, and bad usage here exits with 2.
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (!parser.positionalArguments().isEmpty())
        return fail(QStringLiteral("unexpected argument: %1").arg(parser.positionalArguments().constFirst()));

    bool portOk = false;
    const uint port = parser.value(portOption).toUInt(&portOk);
    if (!portOk || port > 65535)
        return fail(QStringLiteral("--port must be a number from 0 to 65535"));

    const QString bindText = parser.value(bindOption);
    QHostAddress address;
    if (bindText == QLatin1String("localhost"))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(bindText))
        return fail(QStringLiteral("--bind: not an IP address: %1").arg(bindText));
    if (!address.isLoopback() && !parser.isSet(remoteOption))
        return fail(QStringLiteral("refusing to listen on non-loopback address %1 without --allow-remote "
                                   "(the devserver has no real security)")
                        .arg(bindText));

    const QString token = parser.value(tokenOption);
    if (token.isEmpty())
        return fail(QStringLiteral("--token must not be empty"));

    const QString adminToken = parser.isSet(adminTokenOption) ? parser.value(adminTokenOption) : AdminAccess::generateToken();
    if (adminToken.isEmpty())
        return fail(QStringLiteral("--admin-token must not be empty"));
    if (parser.isSet(adminTokenFileOption)) {
        QString error;
        if (!writeTokenFile(parser.value(adminTokenFileOption), adminToken, &error))
            return fail(QStringLiteral("--admin-token-file: ") + error);
    }

    DevServer server(token, adminToken, parser.isSet(quietOption));
    if (parser.isSet(queueOption)) {
        QString error;
        if (!server.queue().loadFile(parser.value(queueOption), &error))
            return fail(QStringLiteral("--queue: ") + error);
    }

    const quint16 listening = server.listen(address, quint16(port));
    if (listening == 0)
        return fail(QStringLiteral("cannot listen on %1:%2").arg(bindText).arg(port), 1);

    quitOnSignals(app);
    // The token line comes first: whoever waits for "listening" has both once it appears.
    const QString announce = QStringLiteral("teamai-devserver admin token: %1\n").arg(adminToken)
                             + QStringLiteral("teamai-devserver listening on http://%1:%2\n").arg(urlHost(address)).arg(listening);
    std::fputs(announce.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);

    return QCoreApplication::exec();
}
