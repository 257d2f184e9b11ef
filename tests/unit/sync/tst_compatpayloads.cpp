// Our report/sync bodies against request bodies the reference client (teamai-cli 0.25.0) sent,
// captured in tests/data/compat/ (see the `_about` of each file).
#include "config/AgentConfig.h"
#include "identity/AgentIdentity.h"
#include "identity/AgentVersion.h"
#include "sync/Payloads.h"
#include "binding/ReportWorkspaces.h"
#include "tools/ToolTable.h"

#include "JsonLookup.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;

namespace {

QByteArray dataFile(const QString &name)
{
    QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/compat/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject dataObject(const QString &name, const QString &root)
{
    QByteArray bytes = dataFile(name);
    bytes.replace("@ROOT@", root.toUtf8());
    bytes.replace("@PORT@", "9");
    return QJsonDocument::fromJson(bytes).object();
}

QJsonArray byPath(const QJsonArray &list) { return teamai::test::sortedBy(list, QStringLiteral("path")); }

} // namespace

class TestCompatPayloads : public QObject
{
    Q_OBJECT

    /// The capture's folders below @p root: bound, other and skipped workspaces, a git work tree
    /// ws/proj with the hook's cwd ws/proj/sub; ws/gone is left missing (the reference prunes it).
    static void makeFolders(const QString &root)
    {
        for (const char *dir : {"ws/bound", "ws/other", "ws/skipped", "ws/proj/.git", "ws/proj/sub"})
            QVERIFY(QDir().mkpath(root + u'/' + QLatin1String(dir)));
    }

    static AgentConfig configFor(const QString &root)
    {
        const QString path = root + QStringLiteral("/config.json");
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(QJsonDocument(dataObject(QStringLiteral("reference-config-input.json"), root)).toJson());
        file.close();
        return AgentConfig::load(path).config;
    }

private slots:
    void bodiesMatchTheReference_data()
    {
        QTest::addColumn<int>("index");
        const QJsonObject capture = dataObject(QStringLiteral("reference-requests.json"), QString());
        const QJsonArray requests = capture.value(QStringLiteral("requests")).toArray();
        QCOMPARE(requests.size(), 6);  // report + sync for claude, codebuddy, workbuddy
        for (int i = 0; i < requests.size(); ++i) {
            const QJsonObject request = requests.at(i).toObject();
            QTest::addRow("%s %s", qPrintable(request.value(QStringLiteral("body")).toObject().value(QStringLiteral("agent_type")).toString()),
                          qPrintable(request.value(QStringLiteral("route")).toString()))
                << i;
        }
    }
    void bodiesMatchTheReference()
    {
        QFETCH(int, index);
        test::TestEnvironment env;
        const QString root = env.home() + QStringLiteral("/capture");
        makeFolders(root);
        const AgentConfig config = configFor(root);
        QCOMPARE(config.createdAt(), QStringLiteral("2026-11-30T08:15:00.000Z"));
        const QJsonObject request = dataObject(QStringLiteral("reference-requests.json"), root)
                                        .value(QStringLiteral("requests")).toArray().at(index).toObject();
        QJsonObject expected = request.value(QStringLiteral("body")).toObject();
        const ToolInfo &tool = *findTool(expected.value(QStringLiteral("agent_type")).toString());
        const QString cwd = root + QStringLiteral("/ws/proj/sub");
        const bool isReport = request.value(QStringLiteral("route")).toString() == QLatin1String("report");
        QJsonObject ours = isReport
            ? payloads::report(tool, config, QStringLiteral("running"), QDateTime::currentDateTimeUtc(), cwd)
            : payloads::sync(tool, config, QStringLiteral("running"), cwd);

        // Machine-specific fields are checked on their own (identity, host, installed binaries).
        for (const char *key : {"local_agent_id", "host_name", "agent_version"}) {
            QVERIFY(ours.contains(QLatin1String(key)) == expected.contains(QLatin1String(key)));
            ours.remove(QLatin1String(key));
            expected.remove(QLatin1String(key));
        }
        // The reference keeps config.json's key order; we sort by path. Same set, same entries.
        ours.insert(QStringLiteral("workspaces"), byPath(ours.value(QStringLiteral("workspaces")).toArray()));
        expected.insert(QStringLiteral("workspaces"), byPath(expected.value(QStringLiteral("workspaces")).toArray()));
        QCOMPARE(QJsonDocument(ours).toJson(), QJsonDocument(expected).toJson());
    }

    void localAgentIdMatchesTheCapture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("toolName");
        QTest::newRow("claude") << QStringLiteral("reference-requests.json") << 0 << QStringLiteral("claude");
        QTest::newRow("codebuddy") << QStringLiteral("reference-requests.json") << 2 << QStringLiteral("codebuddy");
        QTest::newRow("workbuddy") << QStringLiteral("reference-requests.json") << 4 << QStringLiteral("workbuddy");
        // claude-internal reports agent_type claude, but its id is derived from its own name and folder.
        QTest::newRow("claude-internal") << QStringLiteral("reference-requests-version.json") << 1 << QStringLiteral("claude-internal");
    }
    void localAgentIdMatchesTheCapture()
    {
        QFETCH(QString, file);
        QFETCH(int, index);
        QFETCH(QString, toolName);
        const QJsonObject capture = dataObject(file, QStringLiteral("/tmp/cx"));  // the capture's own folder
        const QJsonObject body = capture.value(QStringLiteral("requests")).toArray().at(index).toObject()
                                     .value(QStringLiteral("body")).toObject();
        const ToolInfo &tool = *findTool(toolName);
        QCOMPARE(body.value(QStringLiteral("agent_type")).toString(), tool.agentType);
        QCOMPARE(identity::computeLocalAgentId(tool.name, capture.value(QStringLiteral("machine_id")).toString(),
                                               QStringLiteral("/tmp/cx/home/") + tool.rootDir()),
                 body.value(QStringLiteral("local_agent_id")).toString());
    }

    void agentVersionParsedAsTheReference()
    {
        const QJsonObject capture = dataObject(QStringLiteral("reference-requests-version.json"), QString());
        const QJsonObject claude = capture.value(QStringLiteral("requests")).toArray().at(0).toObject().value(QStringLiteral("body")).toObject();
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("claude"), QStringLiteral("2.0.14 (Claude Code)")),
                 claude.value(QStringLiteral("agent_version")).toString());
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("claude"), QStringLiteral("weird")), QStringLiteral("weird"));
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("cursor"), QStringLiteral("1.7.2\nabc\nx64")), QStringLiteral("1.7.2"));
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("hermes"), QStringLiteral("(0.9.1) hermes")), QStringLiteral("0.9.1"));
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("dsh"), QStringLiteral("dsh v0.1.1-abc")), QStringLiteral("0.1.1"));
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("openclaw"), QStringLiteral("openclaw 2")), QString());
        QCOMPARE(agentversion::parseVersionOutput(QStringLiteral("claude-internal"), QStringLiteral("2.0.14")), QString());
    }

    void agentVersionFromAFixedFolderBinary()
    {
        test::TestEnvironment env;
        const QString binary = env.writeFile(QStringLiteral(".local/bin/claude"), "#!/bin/sh\necho '2.0.14 (Claude Code)'\n");
        QVERIFY(QFile::setPermissions(binary, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(agentversion::of(*findTool(QStringLiteral("claude"))), QStringLiteral("2.0.14"));
        // The answer is cached by binary stamp for the next process.
        QVERIFY(QFile::exists(env.stateDir() + QStringLiteral("/agent-versions.json")));
    }

    void machineIdKeepsCaseAndFallsBackToHost()
    {
        QCOMPARE(identity::machineIdFrom(QStringLiteral(" 4C4C4544-004E-4B10 \n"), QStringLiteral("vm")), QStringLiteral("4C4C4544-004E-4B10"));
        QCOMPARE(identity::machineIdFrom(QString(), QStringLiteral("vm")), QStringLiteral("vm"));
        QCOMPARE(identity::machineIdFrom(QStringLiteral("  "), QString()), QString());
        QVERIFY(!identity::machineId().isEmpty());
#if defined(Q_OS_LINUX)
        QCOMPARE(identity::osPlatform(), QStringLiteral("linux"));
#endif
    }

    void groupIdAsStored()
    {
        test::TestEnvironment env;
        const ToolInfo &claude = *findTool(QStringLiteral("claude"));
        AgentConfig config;
        config.setUserGroup(QStringLiteral("g-9"));
        const QJsonObject user = payloads::report(claude, config, QStringLiteral("running"), QDateTime::currentDateTimeUtc())
                                     .value(QStringLiteral("user_level")).toObject();
        QCOMPARE(user.value(QStringLiteral("group_id")).toString(), QStringLiteral("g-9"));
    }

    void startedAtWithoutCreatedAtIsIsoUtcWithMs()
    {
        test::TestEnvironment env;
        const QDateTime at = QDateTime::fromString(QStringLiteral("2026-12-01T20:11:06.502Z"), Qt::ISODateWithMs);
        const QJsonObject body = payloads::report(*findTool(QStringLiteral("claude")), AgentConfig(), QStringLiteral("running"), at);
        QCOMPARE(body.value(QStringLiteral("started_at")).toString(), QStringLiteral("2026-12-01T20:11:06.502Z"));
    }

    void workBuddyTaskFolderIsNoWorkspace()
    {
        test::TestEnvironment env;
        const QString task = env.home() + QStringLiteral("/WorkBuddy/2026-12-01-task-3/sub");
        QVERIFY(QDir().mkpath(task));
        QCOMPARE(reportworkspaces::workspaceOf(task), QString());
        QCOMPARE(reportworkspaces::workspaceOf(env.home() + QStringLiteral("/WorkBuddy")), QFileInfo(env.home()).canonicalFilePath() + QStringLiteral("/WorkBuddy"));
        QVERIFY(!payloads::sync(*findTool(QStringLiteral("workbuddy")), AgentConfig(), QStringLiteral("running"), task)
                     .contains(QStringLiteral("workspaces")));
    }

    void toolTableIsTheReferences()
    {
        QCOMPARE(knownTools().size(), 19);
        const QStringList expected = {QStringLiteral("claude"), QStringLiteral("codex"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy"),
                                      QStringLiteral("cursor"), QStringLiteral("claude-internal")};
        QCOMPARE(knownToolNames().mid(0, 6), expected);  // SPEC's six first, unchanged
        for (const char *name : {"hermes", "opencode", "copilot", "kiro", "qoder", "zcode", "omp", "openclaw", "dsh", "joycode",
                                 "tclaude", "tcodex", "codex-internal"})
            QVERIFY2(findTool(QLatin1String(name)), name);
        QCOMPARE(findTool(QStringLiteral("claude-internal"))->agentType, QStringLiteral("claude"));
        QCOMPARE(findTool(QStringLiteral("tclaude"))->agentType, QStringLiteral("claude"));
        QCOMPARE(findTool(QStringLiteral("tcodex"))->agentType, QStringLiteral("codex"));
        QCOMPARE(findTool(QStringLiteral("codex-internal"))->agentType, QStringLiteral("codex"));
        QCOMPARE(findTool(QStringLiteral("hermes"))->agentType, QStringLiteral("hermes"));
        // Hook files in a shape our writer does not handle are recorded, never handed to it.
        QCOMPARE(findTool(QStringLiteral("copilot"))->hooksFile, QStringLiteral(".github/hooks/teamai.json"));
        QVERIFY(findTool(QStringLiteral("copilot"))->hooksSettings.isEmpty());
        QVERIFY(findTool(QStringLiteral("zcode"))->hooksSettings.isEmpty());
        QCOMPARE(findTool(QStringLiteral("qoder"))->hooksSettings, QStringLiteral(".qoder/settings.json"));
        QCOMPARE(findTool(QStringLiteral("kiro"))->rulesDir, QStringLiteral(".kiro/steering"));
        QCOMPARE(findTool(QStringLiteral("claude"))->mcpConfig, QStringLiteral(".claude.json"));
        QCOMPARE(findTool(QStringLiteral("opencode"))->mcpFormat, McpFormat::Opencode);
        QCOMPARE(findTool(QStringLiteral("opencode"))->userScope.skillsDir, QStringLiteral(".config/opencode/skills"));
        QVERIFY(findTool(QStringLiteral("hermes"))->rulesDir.isEmpty());
        QVERIFY(wrappedToolList(4, 40).contains(QStringLiteral("\n    ")));
    }
};

QTEST_GUILESS_MAIN(TestCompatPayloads)
#include "tst_compatpayloads.moc"
