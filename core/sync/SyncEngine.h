#pragma once

#include "sync/SyncSession.h"

#include <QString>

#include <memory>

namespace teamai {

class CommandLedger;

/// @brief Everything one process needs to sync an agent with the backend, assembled once from
/// configuration: network access, the backend client with the saved token, the executor, the
/// command handlers and the dispatcher. The CLI (`sync`, `--hook`) and the tray drive this same
/// object, so neither has sync logic of its own.
class SyncEngine
{
public:
    struct Setup;

    /// @brief Builds an engine from config.json and the saved token. Returns nullptr with
    /// @p error set when the agent is not configured or the configuration is invalid.
    static std::unique_ptr<SyncEngine> create(QString *error);
    ~SyncEngine();

    /// @brief Foreground hook events get 3 s per request instead of 15 s.
    void setRequestTimeoutMs(int timeoutMs);

    /// @brief One report + sync + run + ack round.
    SyncSummary runOnce(const SyncOptions &options);

    /// @brief The ledger this engine records into (history, status counts).
    CommandLedger &ledger();

    QString endpoint() const;
    QString tokenSource() const;

private:
    SyncEngine();
    std::unique_ptr<Setup> d;
};

} // namespace teamai
