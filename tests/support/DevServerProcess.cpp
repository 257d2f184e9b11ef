#include "DevServerProcess.h"

#include "TestEnvironment.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <QtTest>

namespace teamai::test {

DevServerProcess::DevServerProcess(const QStringList &extraArguments)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.setStandardErrorFile(QProcess::nullDevice());
    m_process.start(builtBinary("TEAMAI_DEVSERVER_BIN"), QStringList{QStringLiteral("--quiet")} + extraArguments);
    if (!m_process.waitForStarted(5000)) {
        qWarning("teamai-devserver did not start: %s", qPrintable(m_process.errorString()));
        return;
    }
    static const QRegularExpression announce(QStringLiteral(R"(listening on http://127\.0\.0\.1:(\d+))"));
    static const QRegularExpression adminLine(QStringLiteral(R"(admin token: ([0-9A-Za-z_-]+))"));
    QByteArray seen;
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        m_process.waitForReadyRead(200);
        seen += m_process.readAllStandardOutput();
        const auto match = announce.match(QString::fromUtf8(seen));
        if (match.hasMatch()) {
            m_port = match.captured(1).toInt();
            m_adminToken = adminLine.match(QString::fromUtf8(seen)).captured(1);
            if (m_adminToken.isEmpty())
                qWarning("teamai-devserver printed no admin token; output: %s", seen.constData());
            return;
        }
    }
    qWarning("teamai-devserver did not announce its port; output: %s", seen.constData());
}

DevServerProcess::~DevServerProcess()
{
    stop();
}

void DevServerProcess::stop()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate();
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
    }
}

QString DevServerProcess::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QJsonDocument DevServerProcess::call(const QByteArray &method, const QString &path, const QJsonDocument &body)
{
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(baseUrl() + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setTransferTimeout(10000);
    request.setRawHeader("X-Admin-Token", m_adminToken.toUtf8());
    QNetworkReply *reply = manager.sendCustomRequest(request, method, body.isNull() ? QByteArray() : body.toJson());
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray answer = reply->readAll();
    if (reply->error() != QNetworkReply::NoError)
        qWarning("devserver admin call %s %s failed: %s", method.constData(), qPrintable(path),
                 qPrintable(reply->errorString()));
    reply->deleteLater();
    return QJsonDocument::fromJson(answer);
}

QByteArray DevServerProcess::rawExchange(const QByteArray &request)
{
    QTcpSocket socket;
    socket.setProxy(QNetworkProxy::NoProxy);
    socket.connectToHost(QHostAddress::LocalHost, quint16(m_port));
    if (!socket.waitForConnected(5000))
        return {};
    socket.write(request);
    QByteArray answer;
    QDeadlineTimer deadline(10000);
    // Read until the head and the body its Content-Length announces are in (or the peer closes).
    while (!deadline.hasExpired()) {
        if (socket.bytesAvailable() == 0 && !socket.waitForReadyRead(200)) {
            if (socket.state() != QAbstractSocket::ConnectedState)
                break;
            continue;
        }
        answer += socket.readAll();
        const qsizetype headEnd = answer.indexOf("\r\n\r\n");
        if (headEnd < 0)
            continue;
        static const QRegularExpression lengthHeader(QStringLiteral(R"(\r\ncontent-length:\s*(\d+))"),
                                                     QRegularExpression::CaseInsensitiveOption);
        const auto match = lengthHeader.match(QString::fromLatin1(answer.left(headEnd + 2)));
        if (match.hasMatch() && answer.size() >= headEnd + 4 + match.captured(1).toLongLong())
            break;
    }
    return answer;
}

int DevServerProcess::statusOf(const QByteArray &rawAnswer)
{
    // "HTTP/1.1 403 Forbidden"
    const QList<QByteArray> parts = rawAnswer.left(rawAnswer.indexOf("\r\n")).split(' ');
    return parts.size() >= 2 && parts.at(0).startsWith("HTTP/") ? parts.at(1).toInt() : 0;
}

void DevServerProcess::queue(const QJsonArray &commands)
{
    call("POST", QStringLiteral("/admin/commands"), QJsonDocument(commands));
}

QJsonArray DevServerProcess::queued()
{
    return call("GET", QStringLiteral("/admin/commands")).array();
}

QJsonArray DevServerProcess::requests(const QString &route)
{
    const QJsonArray all = call("GET", QStringLiteral("/admin/requests")).array();
    if (route.isEmpty())
        return all;
    QJsonArray filtered;
    for (const QJsonValue &entry : all) {
        if (entry.toObject().value(QStringLiteral("route")).toString() == route)
            filtered.append(entry);
    }
    return filtered;
}

QJsonObject DevServerProcess::lastBody(const QString &route)
{
    const QJsonArray seen = requests(route);
    return seen.isEmpty() ? QJsonObject() : seen.last().toObject().value(QStringLiteral("body")).toObject();
}

QJsonArray DevServerProcess::acks()
{
    return call("GET", QStringLiteral("/admin/acks")).array();
}

QJsonObject DevServerProcess::ackFor(qint64 id)
{
    for (const QJsonValue &ack : acks()) {
        if (ack.toObject().value(QStringLiteral("id")).toInteger() == id)
            return ack.toObject();
    }
    return {};
}

QJsonObject DevServerProcess::waitForAck(qint64 id, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    do {
        const QJsonObject ack = ackFor(id);
        if (!ack.isEmpty())
            return ack;
        QThread::msleep(50);
    } while (!deadline.hasExpired());
    return {};
}

void DevServerProcess::setFault(const QJsonObject &fault)
{
    call("POST", QStringLiteral("/admin/faults"), QJsonDocument(fault));
}

void DevServerProcess::clearFaults()
{
    call("DELETE", QStringLiteral("/admin/faults"));
}

void DevServerProcess::setSettings(const QJsonObject &settings)
{
    call("POST", QStringLiteral("/admin/settings"), QJsonDocument(settings));
}

void DevServerProcess::reset()
{
    call("POST", QStringLiteral("/admin/reset"));
}

} // namespace teamai::test
