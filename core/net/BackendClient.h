#pragma once

#include "net/BackendRoutes.h"

#include <QDeadlineTimer>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace teamai {

class Http1Connection;

/// @brief Connection settings of one backend.
struct BackendOptions {
    QString endpoint;         ///< base URL, trailing slashes ignored
    QString token;            ///< empty: no auth headers
    QJsonObject routeOverrides;
    QString caFile;           ///< extra CA certificates (PEM) trusted besides the system store
};

/// @brief The outcome of one request. `ok` means a 2xx answer whose body was a JSON object.
struct BackendReply {
    bool ok = false;
    int httpStatus = 0;       ///< 0 when no HTTP answer arrived (network error, timeout)
    QJsonObject body;
    QString error;            ///< SPEC §3 error message when !ok
    bool timedOut = false;
};

/// @brief The commands a sync answer carries, after the SPEC §3 `cmds`/`commands` rule.
struct SyncCommands {
    QList<QJsonObject> commands;
    QString error;            ///< malformed list: nothing from it may run
};

/// @brief Talks to the TeamAI backend over HTTP(S) on an injected QNetworkAccessManager.
///
/// Every call is blocking for the caller (HttpExchange waits in a local event loop while the
/// request is in flight; the own connection in the socket's blocking waits), which suits the CLI
/// and a worker thread alike. Each request carries both auth
/// headers, has a transfer timeout (15 s, or what setTimeoutMs() says), never outlives the
/// deadline set with setDeadline(), and its answer is capped at 10 MiB. No request follows a
/// redirect: a 3xx answer is an error naming its target, and nothing of it is used.
class BackendClient
{
public:
    static constexpr int kDefaultTimeoutMs = 15000;
    static constexpr int kForegroundTimeoutMs = 3000;
    static constexpr qint64 kMaxAnswerBytes = 10 * 1024 * 1024;

    BackendClient(QNetworkAccessManager *manager, BackendOptions options);
    ~BackendClient();
    BackendClient(BackendClient &&) noexcept;
    BackendClient &operator=(BackendClient &&) noexcept;

    /// @brief From now on the POSTs (report, sync, ack) go over one connection of this client's
    /// own, kept alive from request to request (Http1Connection), instead of the manager: for a
    /// manager that reaches the backend without a proxy. The answers are classified and worded as
    /// before; a request the connection cannot send (it could not connect, a compressed answer)
    /// goes through the manager. The GETs (get-config, projects) always do.
    void sendPostsOnOwnConnection();

    void setTimeoutMs(int timeoutMs) { m_timeoutMs = timeoutMs; }
    /// @brief No request may run past @p deadline (the foreground budget of a hook).
    void setDeadline(QDeadlineTimer deadline) { m_deadline = deadline; }

    const BackendOptions &options() const { return m_options; }
    QUrl urlFor(Route route) const;

    BackendReply post(Route route, const QJsonObject &body);
    BackendReply get(Route route);

    /// @brief SPEC §3: the JSON body's `error`, else the body text, else "<status> <reason>".
    static QString errorMessage(int status, const QByteArray &body, const QString &reason);

    /// @brief The error for a 3xx answer to a request for @p from: `Refusing redirect to <target>:
    /// a different origin` (scheme, host or port differ), or a same-origin refusal; the target is
    /// shown without query or user info.
    static QString refusedRedirect(const QUrl &from, const QByteArray &location, int status);

    /// @brief SPEC §3: `cmds` when a non-empty array, else `commands`, else nothing; a list that
    /// is not an array, or holds a non-object, is malformed and yields no command at all.
    static SyncCommands commandsFrom(const QJsonObject &syncAnswer);

private:
    BackendReply send(Route route, const QByteArray &method, const QJsonObject *body);

    QNetworkAccessManager *m_manager;
    BackendOptions m_options;
    int m_timeoutMs = kDefaultTimeoutMs;
    QDeadlineTimer m_deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    std::unique_ptr<Http1Connection> m_ownConnection;
};

} // namespace teamai
