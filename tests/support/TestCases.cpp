#include "TestCases.h"

#include "TeamaiRunner.h"

#include <QtTest>

namespace teamai::test {

void HomeTestCase::init()
{
    env = std::make_unique<TestEnvironment>();
    prepare();
    if (!QTest::currentTestFailed())
        setUp();
}

void HomeTestCase::cleanup()
{
    env.reset();
}

void LedgerTestCase::prepare()
{
    openLedger();
}

void LedgerTestCase::openLedger()
{
    database = std::make_unique<LedgerDatabase>();
    const Status opened = database->open();
    QVERIFY2(opened, qPrintable(opened.error()));
    ledger = std::make_unique<CommandLedger>(*database);
}

void LedgerTestCase::closeLedger()
{
    ledger.reset();
    database.reset();
}

void LedgerTestCase::cleanup()
{
    closeLedger();
    HomeTestCase::cleanup();
}

void ServerTestCase::prepare()
{
    server = std::make_unique<DevServerProcess>();
    QVERIFY(server->isRunning());
    const TeamaiRun run = enrolTeamai(server->baseUrl());
    QVERIFY2(run.exitCode == 0, run.err.constData());
}

void ServerTestCase::cleanup()
{
    server.reset();
    HomeTestCase::cleanup();
}

} // namespace teamai::test
