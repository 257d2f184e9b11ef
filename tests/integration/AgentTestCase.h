#pragma once

#include "AgentFixture.h"

#include <QObject>

#include <memory>

namespace teamai::test {

/// @brief Base of an end-to-end test class: a fresh AgentFixture `f` for every test function
/// (QtTest's init() and cleanup()), started as the constructor says. A subclass adds its own
/// starting files or commands in setUp(), which init() calls once the fixture is ready; one that
/// must decide before the fixture exists declares its own init() slot and calls this one.
class AgentTestCase : public QObject
{
    Q_OBJECT

public:
    explicit AgentTestCase(AgentFixture::Start start = AgentFixture::Start::Enrolled);
    ~AgentTestCase() override;

protected:
    /// @brief Called by init() once the fixture is ready.
    virtual void setUp() {}
    /// @brief @p path on the fixture's devserver (e.g. "/download/rule/style.md").
    QString url(const QString &path) const;

    std::unique_ptr<AgentFixture> f;

protected slots:
    void init();
    void cleanup();

private:
    AgentFixture::Start m_start;
};

/// @brief An AgentTestCase whose fixture starts Bare (HOME and the devserver, no `teamai init`):
/// the base of the tests of init itself.
class BareAgentTestCase : public AgentTestCase
{
    Q_OBJECT

public:
    BareAgentTestCase() : AgentTestCase(AgentFixture::Start::Bare) {}
};

} // namespace teamai::test
