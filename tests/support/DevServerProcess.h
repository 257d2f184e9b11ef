#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace teamai::test {

/// @brief The development backend (`teamai-devserver`) as a child process on 127.0.0.1 with a
/// free port, plus blocking helpers for its admin API. Stopped when destroyed.
class DevServerProcess
{
public:
    explicit DevServerProcess(const QStringList &extraArguments = {});
    ~DevServerProcess();
    Q_DISABLE_COPY(DevServerProcess)

    bool isRunning() const { return m_port > 0; }
    int port() const { return m_port; }
    QString baseUrl() const;
    static QString token() { return QStringLiteral("dev-token"); }
    /// @brief The per-run admin token the server printed at start; every admin call sends it.
    QString adminToken() const { return m_adminToken; }

    void queue(const QJsonArray &commands);
    void queue(const QJsonObject &command) { queue(QJsonArray{command}); }
    QJsonArray queued();
    /// @brief Every request the server saw, optionally only those of one route (report, sync, ack…).
    QJsonArray requests(const QString &route = {});
    /// @brief The body of the last request on @p route (empty when there was none).
    QJsonObject lastBody(const QString &route);
    QJsonArray acks();
    /// @brief The ack the server received for command @p id (empty object when none).
    QJsonObject ackFor(qint64 id);
    /// @brief Waits (up to @p timeoutMs) until the server received an ack for @p id; returns it.
    QJsonObject waitForAck(qint64 id, int timeoutMs = 15000);
    void setFault(const QJsonObject &fault);
    void clearFaults();
    void setSettings(const QJsonObject &settings);
    void reset();

    /// @brief Blocking HTTP call to the server; returns the parsed JSON answer (null on failure).
    QJsonDocument call(const QByteArray &method, const QString &path, const QJsonDocument &body = {});

    /// @brief Sends @p request (raw HTTP/1.1 bytes, headers exactly as given) on a fresh connection
    /// and returns the raw answer (head and body), or empty when none came within 10 s.
    QByteArray rawExchange(const QByteArray &request);
    /// @brief The status code of a raw answer from rawExchange() (0 when there is none).
    static int statusOf(const QByteArray &rawAnswer);

    /// @brief Stops the server now (to test a backend that is down).
    void stop();

private:
    QProcess m_process;
    int m_port = 0;
    QString m_adminToken;
};

} // namespace teamai::test
