#pragma once

#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include <QObject>

#include <memory>

namespace teamai::test {

/// @brief Base of a test class that wants a fresh temporary HOME (`env`) for every test function
/// (QtTest's init() and cleanup()). A subclass adds its own starting state in setUp(), which
/// init() calls once everything is ready; one with more to undo declares its own cleanup() slot
/// and calls this one last.
class HomeTestCase : public QObject
{
    Q_OBJECT

protected:
    /// @brief Called by init() once the fixture is ready.
    virtual void setUp() {}
    /// @brief What a base class below builds on top of the HOME, before setUp().
    virtual void prepare() {}

    std::unique_ptr<TestEnvironment> env;

protected slots:
    void init();
    void cleanup();
};

/// @brief A HomeTestCase with an open ledger (`database`) and a CommandLedger over it (`ledger`),
/// both fresh for every test function.
class LedgerTestCase : public HomeTestCase
{
    Q_OBJECT

protected:
    std::unique_ptr<LedgerDatabase> database;
    std::unique_ptr<CommandLedger> ledger;

    void prepare() override;
    /// @brief Opens the ledger of `env` into `database` and `ledger` (migrating it when old).
    void openLedger();
    /// @brief Closes `ledger` and `database` (a test that rewrites the file opens it again).
    void closeLedger();

protected slots:
    void cleanup();
};

/// @brief A HomeTestCase with the development backend (`server`) running and `teamai init` done
/// against it (file token store), fresh for every test function.
class ServerTestCase : public HomeTestCase
{
    Q_OBJECT

protected:
    std::unique_ptr<DevServerProcess> server;

    void prepare() override;

protected slots:
    void cleanup();
};

} // namespace teamai::test
