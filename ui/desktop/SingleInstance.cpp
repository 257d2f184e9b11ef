#include "desktop/SingleInstance.h"

#include "desktop/SingleInstance_platform.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QThread>

namespace teamai::ui {
namespace {
constexpr int kMaxRequestBytes = 64 * 1024;
} // namespace

SingleInstance::SingleInstance(const QString &stateDir, QObject *parent)
    : QObject(parent)
    , m_stateDir(stateDir.isEmpty() ? paths::agentStateDir() : stateDir)
    , m_serverName(serverNameFor(m_stateDir))
    , m_server(this)
{
    connect(&m_server, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

SingleInstance::~SingleInstance()
{
    m_server.close();
}

QString SingleInstance::serverNameFor(const QString &stateDir)
{
    const QByteArray hash = QCryptographicHash::hash(QDir(stateDir).absolutePath().toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    return singleinstance::serverName(stateDir, QString::fromLatin1(hash));
}

bool SingleInstance::tryBecomePrimary()
{
    if (m_primary)
        return true;
    if (const Status made = paths::ensurePrivateDir(m_stateDir); !made) {
        m_error = made.error();
        return false;
    }
    m_lock = std::make_unique<FileLock>(QDir(m_stateDir).absoluteFilePath(QStringLiteral("tray.lock")));
    // A crashed tray's lock went with its process (see the class comment).
    if (const FileLock::Attempt locked = m_lock->acquire(0); !locked) {
        m_error = locked.busy ? QStringLiteral("another teamai-tray is running") : locked.error();
        m_lock.reset();
        return false;
    }
    // We hold the lock, so a socket file that is there was left by a dead instance.
    QLocalServer::removeServer(m_serverName);
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server.listen(m_serverName)) {
        m_error = QStringLiteral("cannot listen on %1: %2").arg(m_serverName, m_server.errorString());
        m_lock.reset();
        return false;
    }
    m_primary = true;
    return true;
}

void SingleInstance::onNewConnection()
{
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            if (!socket->canReadLine()) {
                if (socket->bytesAvailable() > kMaxRequestBytes)
                    socket->abort();
                return;
            }
            const QJsonObject request = QJsonDocument::fromJson(socket->readLine()).object();
            const QJsonObject answer = m_handler ? m_handler(request) : QJsonObject{{QStringLiteral("ok"), true}};
            socket->write(QJsonDocument(answer).toJson(QJsonDocument::Compact) + '\n');
            socket->flush();
            socket->disconnectFromServer();
        });
    }
}

QJsonObject SingleInstance::send(const QJsonObject &request, int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    do {
        QLocalSocket socket;
        socket.connectToServer(m_serverName);
        if (socket.waitForConnected(std::max<qint64>(1, std::min<qint64>(500, deadline.remainingTime())))) {
            socket.write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
            socket.flush();
            QByteArray answer;
            while (!answer.contains('\n') && !deadline.hasExpired()) {
                if (!socket.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime())))
                    && socket.state() != QLocalSocket::ConnectedState)
                    break;
                answer += socket.readAll();
            }
            answer += socket.readAll();
            return QJsonDocument::fromJson(answer.left(answer.indexOf('\n'))).object();
        }
        // The primary may hold the lock but not listen yet (it is starting): try again shortly.
        QThread::msleep(100);
    } while (!deadline.hasExpired());
    return {};
}

} // namespace teamai::ui
