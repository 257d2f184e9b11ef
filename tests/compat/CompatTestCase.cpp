#include "CompatTestCase.h"

#include "DataRows.h"
#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QJsonDocument>
#include <QtTest>

namespace teamai::test {

namespace {

QString toolOfThisRow()
{
    QFETCH_GLOBAL(QString, tool);
    return tool;
}

} // namespace

CompatTestCase::CompatTestCase(const QStringList &tools)
    : m_tools(tools)
{
}

CompatTestCase::~CompatTestCase() = default;

void CompatTestCase::initTestCase_data()
{
    if (!m_tools.isEmpty())
        addRowPerValue("tool", m_tools);
}

void CompatTestCase::initTestCase()
{
    m_reference.locate();
}

void CompatTestCase::init()
{
    m_env = std::make_unique<TestEnvironment>();
    m_server = std::make_unique<DevServerProcess>();
    QVERIFY(m_server->isRunning());
    m_tool = m_tools.isEmpty() ? QString() : toolOfThisRow();
    setUpHome();
}

void CompatTestCase::cleanup()
{
    m_server.reset();
    m_env.reset();
}

bool CompatTestCase::ourSync(const QStringList &extraEnvironment) const
{
    const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), m_tool, QStringLiteral("--json")}, {},
                                    QStringList{QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()} + extraEnvironment,
                                    60000, m_env->home());
    if (!run.finished || run.exitCode != 0)
        qWarning("teamai sync: %s", run.err.constData());
    return run.finished && run.exitCode == 0;
}

bool CompatTestCase::ackedSuccess(qint64 id) const
{
    const QJsonObject ack = m_server->waitForAck(id, 60000);
    const bool ok = ack.value(QStringLiteral("status")).toString() == QLatin1String("success")
        && ack.value(QStringLiteral("error")).toString().isEmpty();
    if (!ok)
        qWarning("ack %lld: %s", qlonglong(id), QJsonDocument(ack).toJson(QJsonDocument::Compact).constData());
    return ok;
}

} // namespace teamai::test
