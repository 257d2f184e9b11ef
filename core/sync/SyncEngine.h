#pragma once

#include "store/LedgerRetention.h"
#include "sync/EngineInputs.h"
#include "sync/SyncSession.h"
#include "util/Result.h"

#include <QString>

#include <memory>

namespace teamai {

class BackendClient;
class CommandLedger;
struct ExecutionObserver;

/// @brief Everything one process needs to sync an agent with the backend, assembled once from
/// configuration: network access, the backend client with the saved token, the executor, the
/// command handlers and the dispatcher. The CLI (`sync`, `--hook`) and the tray drive this same
/// object, so neither has sync logic of its own.
class SyncEngine
{
public:
    struct Setup;

    /// @brief Builds an engine from config.json and the saved token. Fails when the agent is not
    /// configured or the configuration is invalid, or when this process runs a pushed command
    /// (pushedmarker: a pushed command never syncs).
    /// It reads those files into EngineInputs and builds the engine with fromSetup().
    static Result<std::unique_ptr<SyncEngine>> create();
    /// @brief Builds an engine from @p inputs without reading configuration (the ledger is opened
    /// when none is given, and interrupted commands in it are recovered). Fails when the ledger
    /// cannot be opened. For create() and for tests of the round.
    static Result<std::unique_ptr<SyncEngine>> fromSetup(EngineInputs inputs);
    ~SyncEngine();

    /// @brief Foreground hook events get 3 s per request instead of 15 s.
    void setRequestTimeoutMs(int timeoutMs);

    /// @brief How long a ledger statement may wait for another process's write lock (10 s by
    /// default): a hook clips it to what is left of its budget.
    void setLedgerWaitLimitMs(int waitMs);

    /// @brief True when the ledger was not pruned within the last day (the worker should).
    bool retentionDue();
    /// @brief Prunes finished history as the agent settings say (historyRetentionDays,
    /// historyMaxCommands), unless that was done within the last day. For the worker only: a
    /// hook never pays for it.
    LedgerRetention::Pruned pruneHistory();

    /// @brief One report + sync + run + ack round.
    SyncSummary runOnce(const SyncOptions &options);

    /// @brief The ledger this engine records into (history, status counts).
    CommandLedger &ledger();
    /// @brief The backend client (the hook's binding flow asks it for the user's projects).
    BackendClient &client();

    QString endpoint() const;
    /// @brief The TokenSource::generation() of the token this engine sends: when the source's is
    /// newer, the token may have changed and a long-lived holder (the tray) builds a new engine.
    quint64 tokenGeneration() const;

    /// @brief Lets a front end watch the commands this engine runs (live output for the tray).
    /// Call on the engine's thread, between rounds; the callbacks run on that thread.
    void setExecutionObserver(ExecutionObserver observer);
    /// @brief Thread-safe: cancels the command this engine is running now (the executor's
    /// SIGTERM → grace → SIGKILL path; the result is recorded as cancelled). False when none runs.
    bool cancelRunning();

private:
    SyncEngine();
    std::unique_ptr<Setup> d;
};

} // namespace teamai
