#pragma once

#include "syncthread/SyncProblem.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <deque>
#include <memory>

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

class SyncRoundRunner;

/// @brief The tray's sync control: takes the GUI's requests (rounds, reload, shutdown) on the
/// thread it is moved to and has them run, one after the other, on a round thread of its own,
/// where a SyncRoundRunner owns the SyncEngine — built on that thread, so its SQLite connection
/// and QNetworkAccessManager never cross threads — and runs rounds exactly like
/// `teamai sync --tool X` does. The GUI talks to it through queued calls and signals. The
/// engine is rebuilt after reload() (settings changed: endpoint) and before a round whose token
/// is no longer the engine's (asked of TokenSource, the process's one token source, at the
/// start of every round); dropped by shutdown(). A rejected token makes TokenSource read the
/// store again before the next round.
///
/// A round waits for the network and for its command in local event loops, which deliver
/// everything posted to their thread. So requests are held here, in order, and the round thread
/// is handed the next one only after it reported the last one done: nothing arrives inside a
/// round, and the engine is never replaced or re-entered under a round in progress (see
/// docs/architecture.md, "Waiting for the network").
///
/// cancelRunning() is the one direct call: it is thread-safe and stops the command being run
/// (the round thread is blocked in it, so a queued call would come too late).
class SyncWorker : public QObject
{
    Q_OBJECT
public:
    explicit SyncWorker(QObject *parent = nullptr);
    ~SyncWorker() override;

    /// @brief Thread-safe: cancels the command this worker is running. False when none is.
    bool cancelRunning();

public slots:
    /// @brief One round for each of @p agents (tool names), after what was asked before. Emits
    /// roundFinished().
    void runRound(const QStringList &agents, const QString &reason);
    /// @brief Rebuilds the engine before the next round (configuration changed).
    void reload();
    /// @brief Waits for the round in progress, drops the rounds asked for meanwhile and the
    /// engine (on the round thread), ends the round thread and quits this thread's event loop.
    void shutdown();

signals:
    void roundStarted(const QString &reason);
    void roundFinished(const teamai::ui::SyncRoundResult &result);
    /// @brief A command this worker runs started (pid of the child). Its output is not passed
    /// along: it goes to the command's output files (core/output), which the window reads.
    void commandStarted(const QString &agentType, qint64 commandId, qint64 pid);
    void commandFinished(const QString &agentType, qint64 commandId);

private:
    struct Job {
        enum class Kind { Round, Reload, Stop };
        Kind kind = Kind::Round;
        QStringList agents;
        QString reason;
    };

    void enqueue(Job job);
    void startNext();
    void onJobDone();

    QThread m_roundThread;
    std::unique_ptr<SyncRoundRunner> m_runner;  // lives on m_roundThread
    std::deque<Job> m_jobs;                     // asked for, not yet handed to the round thread
    bool m_busy = false;                        // the round thread runs a job; the next waits
};

} // namespace teamai::ui

Q_DECLARE_METATYPE(teamai::ui::SyncRoundResult)
