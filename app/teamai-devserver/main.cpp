// teamai-devserver: development backend for the TeamAI local agent. See README.md.

#include "DevServer.h"
#include "QuitOnSignals.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>

#include <cstdio>
#include <optional>

using teamai::devserver::AdminAccess;
using teamai::devserver::DevServer;
using teamai::devserver::quitOnSignals;

namespace {

// Exit code for bad usage or configuration; tests tell it apart from a crash (and from 1).
constexpr int usageError = 2;

int fail(const QString &message, int code = usageError)
{
    std::fputs(qPrintable(QStringLiteral("teamai-devserver: ") + message + QLatin1Char('\n')), stderr);
    return code;
}

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

struct DevServerCommandLine {
    QCommandLineParser parser;
    const QCommandLineOption port{QStringLiteral("port"), QStringLiteral("Port to listen on (0: any free port)."),
                                  QStringLiteral("N"), QStringLiteral("0")};
    const QCommandLineOption bind{QStringLiteral("bind"), QStringLiteral("Address to listen on."),
                                  QStringLiteral("ADDR"), QStringLiteral("127.0.0.1")};
    const QCommandLineOption remote{QStringLiteral("allow-remote"),
                                    QStringLiteral("Allow a non-loopback --bind address.")};
    const QCommandLineOption token{QStringLiteral("token"), QStringLiteral("API token agents must send."),
                                   QStringLiteral("T"), QStringLiteral("dev-token")};
    const QCommandLineOption queue{QStringLiteral("queue"),
                                   QStringLiteral("JSON array of commands to queue at start."),
                                   QStringLiteral("FILE")};
    const QCommandLineOption quiet{QStringLiteral("quiet"), QStringLiteral("Do not log requests on stderr.")};
    const QCommandLineOption adminToken{QStringLiteral("admin-token"),
                                        QStringLiteral("Token the /admin/ API requires (default: a random one, printed at start)."),
                                        QStringLiteral("T")};
    const QCommandLineOption adminTokenFile{QStringLiteral("admin-token-file"),
                                            QStringLiteral("Also write the admin token to FILE (mode 0600)."),
                                            QStringLiteral("FILE")};

    DevServerCommandLine()
    {
        parser.setApplicationDescription(QStringLiteral("Development backend for the TeamAI local agent."));
        parser.addHelpOption();
        parser.addOptions({port, bind, remote, token, queue, quiet, adminToken, adminTokenFile});
    }
};

/// --port into @p port; the exit status when it is wrong.
std::optional<int> readPort(const DevServerCommandLine &line, uint *port)
{
    bool portOk = false;
    *port = line.parser.value(line.port).toUInt(&portOk);
    if (!portOk || *port > 65535)
        return fail(QStringLiteral("--port must be a number from 0 to 65535"));
    return std::nullopt;
}

/// --bind into @p address (loopback unless --allow-remote); the exit status when it is wrong.
std::optional<int> readAddress(const DevServerCommandLine &line, QHostAddress *address)
{
    const QString bindText = line.parser.value(line.bind);
    if (bindText == QLatin1String("localhost"))
        *address = QHostAddress(QHostAddress::LocalHost);
    else if (!address->setAddress(bindText))
        return fail(QStringLiteral("--bind: not an IP address: %1").arg(bindText));
    if (!address->isLoopback() && !line.parser.isSet(line.remote))
        return fail(QStringLiteral("refusing to listen on non-loopback address %1 without --allow-remote "
                                   "(the devserver has no real security)")
                        .arg(bindText));
    return std::nullopt;
}

/// --token and --admin-token (written to --admin-token-file); the exit status when one is wrong.
std::optional<int> readTokens(const DevServerCommandLine &line, QString *token, QString *adminToken)
{
    const QCommandLineParser &parser = line.parser;
    *token = parser.value(line.token);
    if (token->isEmpty())
        return fail(QStringLiteral("--token must not be empty"));

    *adminToken = parser.isSet(line.adminToken) ? parser.value(line.adminToken) : AdminAccess::generateToken();
    if (adminToken->isEmpty())
        return fail(QStringLiteral("--admin-token must not be empty"));
    if (parser.isSet(line.adminTokenFile)) {
        QString error;
        if (!writeTokenFile(parser.value(line.adminTokenFile), *adminToken, &error))
            return fail(QStringLiteral("--admin-token-file: ") + error);
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("teamai-devserver"));

    DevServerCommandLine line;
    QCommandLineParser &parser = line.parser;
    // parse() rather than process(): process() exits with 1, and bad usage here exits with 2.
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (!parser.positionalArguments().isEmpty())
        return fail(QStringLiteral("unexpected argument: %1").arg(parser.positionalArguments().constFirst()));

    uint port = 0;
    QHostAddress address;
    QString token;
    QString adminToken;
    if (const std::optional<int> wrong = readPort(line, &port))
        return *wrong;
    if (const std::optional<int> wrong = readAddress(line, &address))
        return *wrong;
    if (const std::optional<int> wrong = readTokens(line, &token, &adminToken))
        return *wrong;

    DevServer server(token, adminToken, parser.isSet(line.quiet));
    if (parser.isSet(line.queue)) {
        QString error;
        if (!server.queue().loadFile(parser.value(line.queue), &error))
            return fail(QStringLiteral("--queue: ") + error);
    }

    const quint16 listening = server.listen(address, quint16(port));
    if (listening == 0)
        return fail(QStringLiteral("cannot listen on %1:%2").arg(parser.value(line.bind)).arg(port), 1);

    quitOnSignals(app);
    // The token line comes first: whoever waits for "listening" has both once it appears.
    const QString announce = QStringLiteral("teamai-devserver admin token: %1\n").arg(adminToken)
                             + QStringLiteral("teamai-devserver listening on http://%1:%2\n").arg(urlHost(address)).arg(listening);
    std::fputs(announce.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);

    return QCoreApplication::exec();
}
