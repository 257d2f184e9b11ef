#pragma once

#include "AccountAnswers.h"
#include "AdminAccess.h"
#include "CommandQueue.h"
#include "FaultInjector.h"
#include "HttpReply.h"
#include "RequestLog.h"
#include "Route.h"

#include <QAbstractHttpServer>
#include <QHash>
#include <QHostAddress>
#include <QJsonValue>
#include <QUrlQuery>

#include <optional>

class QTcpSocket;

namespace teamai::devserver {

/// @brief A request copied out of QHttpServerRequest, so it outlives the handler: QtHttpServer
/// reuses its request object for the next request on the same connection.
struct IncomingRequest
{
    QString method;
    QString path;
    QString rawQuery;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QHostAddress remote;

    /// @brief The value of header @p name (case-insensitive), or an empty string.
    QString header(const QByteArray &name) const;
    /// @brief "METHOD /path?query", for the log lines.
    QString summary() const;
};

/// @brief The development backend: SPEC §3 protocol routes, /download/ files and the /admin/ API.
///
/// Derives from QAbstractHttpServer rather than QHttpServer so that every request, routed or
/// not, passes one handleRequest() that logs it and applies faults, with the QTcpSocket at hand
/// for drop/truncate and to check after a delay that the client is still there. Everything runs
/// on the event loop; delays are timers, never sleeps.
/// A request is handled (queue changes, acks) when it arrives. A fault that replaces the answer
/// skips that handling; a delay-only fault just holds the answer back.
class DevServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    /// @p adminToken guards the /admin/ API (see AdminAccess).
    DevServer(QString token, QString adminToken, bool quiet, QObject *parent = nullptr);

    CommandQueue &queue() { return m_queue; }

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    enum class SyncKey { Cmds, Commands, BothEmptyCmds };

    Route classify(const QString &path) const;
    bool authorized(const IncomingRequest &in) const;

    HttpReply answer(Route route, const IncomingRequest &in);
    HttpReply answerSync(const QJsonObject &body) const;
    HttpReply answerAck(const QJsonObject &body);
    HttpReply answerAdmin(const IncomingRequest &in);
    HttpReply answerAdminCommands(const IncomingRequest &in);
    HttpReply answerAdminFaults(const IncomingRequest &in);
    HttpReply answerSettings(const IncomingRequest &in);
    /// Checks every setting of @p body, collecting the new sync key and route paths; the
    /// first problem, or empty.
    static QString checkSettings(const QJsonObject &body, std::optional<SyncKey> *syncKey, QHash<QString, Route> *paths);
    static std::optional<SyncKey> syncKeyNamed(const QString &value);
    /// Applies a `routes` setting to @p paths; the problem, or empty.
    static QString overrideRoutes(const QJsonValue &value, QHash<QString, Route> *paths);
    QJsonObject settingsJson() const;
    void resetSettings();

    /// Sends @p reply now or after @p delayMs, unless the client has gone by then.
    void deliver(QTcpSocket *socket, HttpReply reply, const QString &summary, qint64 seq, int delayMs);
    void send(QTcpSocket *socket, const HttpReply &reply, const QString &summary, qint64 seq);
    void logLine(const QString &text) const;

    const QString m_startToken;  // what --token said; /admin/reset goes back to it
    QString m_token;             // what agents must send now (`"token"` setting: a rotation)
    const AdminAccess m_admin;
    const bool m_quiet;
    CommandQueue m_queue;
    FaultInjector m_faults;
    RequestLog m_log;

    SyncKey m_syncKey = SyncKey::Cmds;
    std::optional<QJsonValue> m_syncRaw;
    QHash<QString, Route> m_extraPaths; ///< extra paths for protocol routes (config.routes tests)
    AccountAnswers m_account;           ///< projects and get-config answers (admin settings)
};

} // namespace teamai::devserver
