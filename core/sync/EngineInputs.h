#pragma once

#include "config/AgentConfig.h"
#include "exec/ExecPolicy.h"
#include "store/LedgerDatabase.h"
#include "sync/CommandDispatcher.h"

#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace teamai {

class Clock;

/// @brief Everything a SyncEngine is built from, as plain values: what SyncEngine::create() reads
/// from disk (config.json, the token, the admin policy, the ledger), or what a test puts together
/// itself (SyncEngine::fromSetup()) with a fake network, a clock it moves on, or its own handlers.
struct EngineInputs {
    AgentConfig config;
    QString token;                 ///< sent as both auth headers; empty: none
    quint64 tokenGeneration = 0;   ///< TokenSource::generation() the token was read at
    exec::ExecPolicy execPolicy;   ///< with the admin policy's timeout cap applied

    /// An opened ledger; null: fromSetup() opens the one at ledgerPath.
    std::unique_ptr<LedgerDatabase> database;
    QString ledgerPath = LedgerDatabase::defaultPath();

    /// Null: the engine's own QNetworkAccessManager, with the proxy configured. Otherwise used
    /// as it is for the backend and for downloads, and it must outlive the engine.
    QNetworkAccessManager *network = nullptr;
    /// Null: Clock::system(). Otherwise it must outlive the engine.
    const Clock *clock = nullptr;
    /// A handler set here is used instead of the engine's own for its family (it must outlive the
    /// engine); the kill switch is still checked by the dispatcher in front of it.
    CommandDispatcher::Handlers handlers;
};

} // namespace teamai
