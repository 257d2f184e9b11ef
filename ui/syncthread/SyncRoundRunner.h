#pragma once

#include "syncthread/SyncWorker.h"
#include "util/Result.h"

#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace teamai {
class SyncEngine;
}

namespace teamai::ui {

/// @brief Runs SyncWorker's jobs on the round thread, the one thread the SyncEngine is built,
/// used and dropped on (its SQLite connection and QNetworkAccessManager never cross threads).
///
/// SyncWorker hands it one job at a time and the next only after jobDone(): nothing is ever
/// posted to this thread while a round waits for the network or a command in a local event
/// loop, so no call can arrive inside a round and nothing here guards against re-entry.
class SyncRoundRunner : public QObject
{
    Q_OBJECT
public:
    SyncRoundRunner();
    ~SyncRoundRunner() override;  // drops the engine: deleted on the round thread (QThread::finished)

    /// @brief Thread-safe: cancels the command the engine runs. False when none is.
    bool cancelRunning();

    /// @brief One round for each of @p agents (tool names), then jobDone().
    void runRound(const QStringList &agents, const QString &reason);
    /// @brief Drops the engine: the next round builds it anew (configuration changed), then jobDone().
    void reload();

signals:
    void roundStarted(const QString &reason);
    void roundFinished(const teamai::ui::SyncRoundResult &result);
    void commandStarted(const QString &agentType, qint64 commandId, qint64 pid);
    void commandFinished(const QString &agentType, qint64 commandId);
    void jobDone();

private:
    Status ensureEngine();
    void dropEngineIfTokenChanged();
    void dropEngine();
    void syncAgent(const QString &agent, SyncRoundResult &round);
    qint64 runningCommandId(qint64 childPid);

    QMutex m_engineMutex;  // guards m_engine against cancelRunning() from the GUI thread
    std::unique_ptr<SyncEngine> m_engine;
    QString m_currentAgent;
    qint64 m_runningCommand = 0;  // the backend id of the command the engine runs now
};

} // namespace teamai::ui
