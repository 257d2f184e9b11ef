#pragma once

#include "app/SyncProblem.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>

namespace teamai {
class SyncEngine;
}

namespace teamai::ui {

/// @brief A command that a round ran, for notifications.
struct RanCommand {
    QString agentType;
    qint64 commandId = 0;
    QString type;
    bool succeeded = false;
    QString error;
};

/// @brief What one round (all agents) came to.
struct SyncRoundResult {
    bool ok = false;              ///< every agent's sync worked and every ack was delivered
    bool notConfigured = false;   ///< no engine could be built (message says why)
    SyncProblem problem = SyncProblem::None;  ///< what the first problem was, for the action offered
    QString message;              ///< the first problem, for the tooltip
    QDateTime finishedAt;
    QList<RanCommand> ran;
};

/// @brief The tray's sync thread: owns a SyncEngine — built on this thread, so its SQLite
/// connection and QNetworkAccessManager never cross threads — and runs rounds for the agents it
/// is given, one after the other, exactly like `teamai sync --tool X` does. Lives on a QThread;
/// the GUI talks to it through queued calls and signals. The engine is rebuilt after reload()
/// (settings changed: endpoint) and before a round whose token is no longer the engine's (asked
/// of TokenSource, the process's one token source, at the start of every round); dropped by
/// shutdown(). A rejected token makes TokenSource read the store again before the next round.
///
/// cancelRunning() is the one direct call: it is thread-safe and stops the command being run
/// (the worker thread is blocked in it, so a queued call would come too late).
///
/// A round waits for the network in a local event loop, where queued calls to this worker are
/// delivered too: reload(), shutdown() and another runRound() arriving then are held until the
/// round is over, so the engine is never replaced or re-entered under a round in progress.
class SyncWorker : public QObject
{
    Q_OBJECT
public:
    explicit SyncWorker(QObject *parent = nullptr);
    ~SyncWorker() override;

    /// @brief Thread-safe: cancels the command this worker is running. False when none is.
    bool cancelRunning();

public slots:
    /// @brief One round for each of @p agents (tool names). Emits roundFinished().
    void runRound(const QStringList &agents, const QString &reason);
    /// @brief Rebuilds the engine before the next round (configuration changed).
    void reload();
    /// @brief Drops the engine (on this thread) and quits the thread's event loop.
    void shutdown();

signals:
    void roundStarted(const QString &reason);
    void roundFinished(const teamai::ui::SyncRoundResult &result);
    /// @brief A command this worker runs started (pid of the child). Its output is not passed
    /// along: it goes to the command's output files (core/output), which the window reads.
    void commandStarted(const QString &agentType, qint64 commandId, qint64 pid);
    void commandFinished(const QString &agentType, qint64 commandId);

private:
    bool ensureEngine(QString *error);
    void dropEngineIfTokenChanged();

    void afterRound();
    qint64 runningCommandId(qint64 childPid);

    QMutex m_engineMutex;  // guards m_engine against cancelRunning() from the GUI thread
    std::unique_ptr<SyncEngine> m_engine;
    QString m_currentAgent;
    qint64 m_runningCommand = 0;  // the backend id of the command the engine runs now
    bool m_inRound = false;
    bool m_reloadAfter = false;
    bool m_shutdownAfter = false;
    std::optional<std::pair<QStringList, QString>> m_roundAfter;
};

} // namespace teamai::ui

Q_DECLARE_METATYPE(teamai::ui::SyncRoundResult)
