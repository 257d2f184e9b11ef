#pragma once

#include "util/FileLock.h"

#include <QJsonObject>
#include <QLocalServer>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace teamai::ui {

/// @brief One tray per user and TeamAI home. The first instance holds a lock on `tray.lock` in
/// the agent state folder (util/FileLock) and listens on a local socket next to it (owner-only
/// folder; XDG_RUNTIME_DIR when that path would be too long for a socket). A later launch finds
/// the lock taken, sends its request over the socket — by default "activate", which raises the
/// first instance's window — and exits. A tray that crashed leaves no lock behind: on POSIX the
/// kernel drops an flock with its holder, even one killed by SIGKILL (on Windows the QLockFile
/// of a dead process is taken over), so the next launch becomes the primary.
///
/// Protocol: one JSON object per line each way; the request's `cmd` is "activate", "show"
/// (`window`: commands, history, settings), "status" or "quit"; the answer is what the handler
/// returns (`{"ok": true}` by default).
class SingleInstance : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<QJsonObject(const QJsonObject &request)>;

    /// @brief @p stateDir defaults to the agent state folder (honours TEAMAI_HOME).
    explicit SingleInstance(const QString &stateDir = {}, QObject *parent = nullptr);
    ~SingleInstance() override;

    /// @brief Takes the lock and starts listening. False when another instance holds the lock
    /// (then send() to it) or the socket cannot be opened (error() says why).
    bool tryBecomePrimary();
    bool isPrimary() const { return m_primary; }
    QString error() const { return m_error; }
    QString serverName() const { return m_serverName; }

    void setHandler(Handler handler) { m_handler = std::move(handler); }

    /// @brief Sends @p request to the primary instance and returns its answer; retries for up to
    /// @p timeoutMs while the primary is still starting. Empty object when nobody answered.
    QJsonObject send(const QJsonObject &request, int timeoutMs = 3000) const;

    /// @brief The socket name used for @p stateDir.
    static QString serverNameFor(const QString &stateDir);

private:
    void onNewConnection();

    QString m_stateDir;
    QString m_serverName;
    std::unique_ptr<FileLock> m_lock;
    QLocalServer m_server;
    Handler m_handler;
    bool m_primary = false;
    QString m_error;
};

} // namespace teamai::ui
