#include "AgentTestCase.h"

#include <QtTest>

namespace teamai::test {

AgentTestCase::AgentTestCase(AgentFixture::Start start)
    : m_start(start)
{
}

AgentTestCase::~AgentTestCase() = default;

void AgentTestCase::init()
{
    f = std::make_unique<AgentFixture>(m_start);
    QVERIFY(f->ready());
    setUp();
}

void AgentTestCase::cleanup()
{
    f.reset();
}

} // namespace teamai::test
