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
    DevServerProcess(const DevServerProcess &) = delete;
    DevServerProcess &operator=(const DevServerProcess &) = delete;

    bool isRunning() const { return m_port > 0; }
    int port() const { return m_port; }
    QString baseUrl() const;
    static QString token() { return QStringLiteral("dev-token"); }

    void queue(const QJsonArray &commands);
    void queue(const QJsonObject &command) { queue(QJsonArray{command}); }
    QJsonArray queued();
    /// @brief Every request the server saw, optionally only those of one route (report, sync, ack…).
    QJsonArray requests(const QString &route = {});
    QJsonArray acks();
    void setFault(const QJsonObject &fault);
    void clearFaults();
    void setSettings(const QJsonObject &settings);
    void reset();

    /// @brief Blocking HTTP call to the server; returns the parsed JSON answer (null on failure).
    QJsonDocument call(const QByteArray &method, const QString &path, const QJsonDocument &body = {});

    /// @brief Stops the server now (to test a backend that is down).
    void stop();

private:
    QProcess m_process;
    int m_port = 0;
};

} // namespace teamai::test
