#include "identity/AgentIdentity.h"
#include "tools/ToolTable.h"

#include "TestEnvironment.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QtTest>

using namespace teamai;

namespace {
// Independent reference: the same formula computed by coreutils' sha1sum through a real shell
// pipeline, so a mistake in our hashing code cannot be mirrored in the expectation.
QString sha1sumPipeline(const QString &agentType, const QString &machineId, const QString &installPath)
{
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"),
        QStringLiteral("h=$(printf '%s' \"$3\" | sha1sum | cut -c1-8); printf '%s%s%s' \"$1\" \"$2\" \"$h\" | sha1sum | cut -c1-16"),
        QStringLiteral("sh"), agentType, machineId, installPath});
    shell.waitForFinished();
    return QString::fromLatin1(shell.readAllStandardOutput()).trimmed();
}
} // namespace

class TestIdentity : public QObject
{
    Q_OBJECT
private slots:
    void specVector()
    {
        QCOMPARE(identity::computeLocalAgentId(QStringLiteral("claude"), QStringLiteral("4c4c4544004e4b10804bb4c04f4d3132"),
                                               QStringLiteral("/home/alice/.claude")),
                 QStringLiteral("a0b5dd9f50ee8405"));
    }

    void matchesSha1sum_data()
    {
        QTest::addColumn<QString>("agentType");
        QTest::addColumn<QString>("machineId");
        QTest::addColumn<QString>("installPath");
        QTest::newRow("codex") << QStringLiteral("codex") << QStringLiteral("0123456789abcdef0123456789abcdef") << QStringLiteral("/root/.codex");
        QTest::newRow("no machine id") << QStringLiteral("cursor") << QString() << QStringLiteral("/home/bob/.cursor");
        QTest::newRow("unicode path") << QStringLiteral("claude") << QStringLiteral("ffff") << QStringLiteral("/home/zoë/.claude");
    }
    void matchesSha1sum()
    {
        QFETCH(QString, agentType);
        QFETCH(QString, machineId);
        QFETCH(QString, installPath);
        const QString expected = sha1sumPipeline(agentType, machineId, installPath);
        QCOMPARE(expected.size(), 16);
        QCOMPARE(identity::computeLocalAgentId(agentType, machineId, installPath), expected);
    }

    void usesHomeAndMachineId()
    {
        test::TestEnvironment env;
        const ToolInfo *claude = findTool(QStringLiteral("claude"));
        QCOMPARE(identity::installPath(*claude), env.home() + QStringLiteral("/.claude"));
        QCOMPARE(identity::localAgentId(*claude),
                 identity::computeLocalAgentId(QStringLiteral("claude"), identity::machineId(), env.home() + QStringLiteral("/.claude")));
    }

    void environmentOverrideWins()
    {
        test::TestEnvironment env;
        qputenv("TEAMAI_LOCAL_AGENT_ID", "fixed-id");
        QCOMPARE(identity::localAgentId(*findTool(QStringLiteral("codex"))), QStringLiteral("fixed-id"));
        qunsetenv("TEAMAI_LOCAL_AGENT_ID");
    }

    void toolNamesNormalize()
    {
        QCOMPARE(findTool(QStringLiteral(" Claude "))->name, QStringLiteral("claude"));
        QCOMPARE(findTool(QStringLiteral("claude_internal"))->name, QStringLiteral("claude-internal"));
        QCOMPARE(findTool(QStringLiteral("claude-internal"))->rootDir(), QStringLiteral(".claude-internal"));
        QVERIFY(!findTool(QStringLiteral("emacs")));
        QCOMPARE(defaultTool().name, QStringLiteral("workbuddy"));
    }
};

QTEST_GUILESS_MAIN(TestIdentity)
#include "tst_identity.moc"
