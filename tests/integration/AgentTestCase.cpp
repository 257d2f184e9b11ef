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

QString AgentTestCase::url(const QString &path) const
{
    return f->server().baseUrl() + path;
}

void AgentTestCase::cleanup()
{
    f.reset();
}

} // namespace teamai::test
