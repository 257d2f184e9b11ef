#pragma once

#include "ReferenceClient.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace teamai::test {

class DevServerProcess;
class TestEnvironment;

/// @brief Base of a compat test class. It finds the reference client once (initTestCase(): fails
/// or skips every test without it) and gives each test function a fresh HOME and devserver
/// (init(), cleanup()) that the reference and our `teamai` then take turns on. Given tools, every
/// test function runs once per tool (a global data row each, tool() names it). The subclass sets
/// HOME up in setUpHome(); one that needs more of a slot declares its own and calls this one.
class CompatTestCase : public QObject
{
    Q_OBJECT

public:
    explicit CompatTestCase(const QStringList &tools = {});
    ~CompatTestCase() override;

protected:
    const ReferenceClient &reference() const { return m_reference; }
    TestEnvironment &env() const { return *m_env; }
    DevServerProcess &server() const { return *m_server; }
    /// @brief The tool of the current global data row (empty without tools).
    const QString &tool() const { return m_tool; }

    /// @brief Called by init() once HOME and the devserver are there: the files the test starts from.
    virtual void setUpHome() {}

    /// @brief Our turn: `teamai sync --tool TOOL --json` in HOME for tool(), with the devserver's
    /// token plus @p extraEnvironment ("NAME=value"; "NAME=" removes it). True when it exited 0.
    bool ourSync(const QStringList &extraEnvironment = {}) const;
    /// @brief Waits up to 60 s (the reference may ack from its detached child) for the ack of
    /// @p id; true when it is a success without an error text.
    bool ackedSuccess(qint64 id) const;

protected slots:
    void initTestCase_data();
    void initTestCase();
    void init();
    void cleanup();

private:
    QStringList m_tools;
    QString m_tool;
    ReferenceClient m_reference;
    std::unique_ptr<TestEnvironment> m_env;
    std::unique_ptr<DevServerProcess> m_server;
};

} // namespace teamai::test
