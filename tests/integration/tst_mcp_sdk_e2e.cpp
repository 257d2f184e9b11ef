// `teamai mcp` driven by the official MCP TypeScript SDK (`@modelcontextprotocol/sdk`, installed
// by this test into the build folder with npm): initialize and revision negotiation, tools/list,
// each tool with good and bad arguments, the kill switch tool, and no tool that enables. Skipped
// only when node or npm is missing or npm cannot reach its registry.

#include "AgentFixture.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace teamai::test;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished(5000);
    return Run{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
               process.readAllStandardError()};
}

QString textOf(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
}

} // namespace

class TestMcpSdkEndToEnd : public QObject
{
    Q_OBJECT
private:
    QString m_sdkDir;
    QString m_node;

private slots:
    void initTestCase()
    {
        m_node = qEnvironmentVariable("TEAMAI_NODE");
        const QString npm = qEnvironmentVariable("TEAMAI_NPM");
        m_sdkDir = qEnvironmentVariable("TEAMAI_MCP_SDK_DIR");
        if (m_node.isEmpty() || npm.isEmpty())
            QSKIP("node and npm were not found when the build was configured");
        QVERIFY(QDir().mkpath(m_sdkDir));
        if (!QFile::exists(m_sdkDir + QStringLiteral("/node_modules/@modelcontextprotocol/sdk/package.json"))) {
            const Run ping = run(npm, {QStringLiteral("ping")}, 60000);
            if (ping.exitCode != 0)
                QSKIP(qPrintable(QStringLiteral("npm cannot reach its registry: %1").arg(QString::fromUtf8(ping.err).trimmed())));
            const Run install = run(npm, {QStringLiteral("install"), QStringLiteral("--prefix"), m_sdkDir, QStringLiteral("--no-audit"),
                                          QStringLiteral("--no-fund"), QStringLiteral("@modelcontextprotocol/sdk@1")}, 240000);
            QVERIFY2(install.exitCode == 0, install.err.constData());
        }
        // ES modules resolve packages from the script's own folder: run it from beside node_modules.
        const QString script = m_sdkDir + QStringLiteral("/mcp_sdk_client.mjs");
        QFile::remove(script);
        QVERIFY(QFile::copy(qEnvironmentVariable("TEAMAI_MCP_SDK_SCRIPT"), script));
    }

    void theOfficialClientDrivesEveryTool()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        f.server().queue(QJsonArray{unsupportedCommand(1), restrictedCommand(2, QStringLiteral("teamai --version"), QStringLiteral("cmd"))});
        QVERIFY(!f.syncJson().isEmpty());
        QVERIFY(!f.waitForAck(2).isEmpty());

        const Run client = run(m_node, {m_sdkDir + QStringLiteral("/mcp_sdk_client.mjs"), builtBinary("TEAMAI_BIN")}, 60000);
        QVERIFY2(client.exitCode == 0, client.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(client.out).object();
        QVERIFY2(!out.isEmpty(), client.out.constData());

        QCOMPARE(out.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("teamai"));
        QVERIFY(out.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("tools")));
        QCOMPARE(out.value(QStringLiteral("tools")).toArray().size(), 5);  // with teamai_command_output

        const QJsonObject status = out.value(QStringLiteral("status")).toObject();
        QCOMPARE(status.value(QStringLiteral("isError")), QJsonValue(false));
        QCOMPARE(status.value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("token_source")).toString(), QStringLiteral("file"));
        const QJsonArray commands = out.value(QStringLiteral("commands")).toObject().value(QStringLiteral("structuredContent")).toObject()
                                        .value(QStringLiteral("commands")).toArray();
        QCOMPARE(commands.size(), 2);
        QCOMPARE(commands.at(0).toObject().value(QStringLiteral("id")).toInteger(), historyRows().first().value(QStringLiteral("id")).toInteger());
        const QJsonObject record = out.value(QStringLiteral("command")).toObject().value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(record.value(QStringLiteral("state")).toString(), historyRow(2).value(QStringLiteral("state")).toString());
        QVERIFY(!record.value(QStringLiteral("ack_attempts")).toArray().isEmpty());

        for (const char *bad : {"badLimit", "dashType", "badId"}) {
            const QJsonObject result = out.value(QLatin1String(bad)).toObject();
            QVERIFY2(result.value(QStringLiteral("isError")).toBool(), bad);
            QVERIFY2(textOf(result).contains(QStringLiteral("argument")), qPrintable(textOf(result)));
        }
        QCOMPARE(out.value(QStringLiteral("disable")).toObject().value(QStringLiteral("isError")), QJsonValue(false));
        const QJsonObject remote = QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out)
                                       .object().value(QStringLiteral("remote_commands")).toObject();
        QCOMPARE(remote.value(QStringLiteral("allowed")), QJsonValue(false));
        QCOMPARE(remote.value(QStringLiteral("changed_by")).toString(), QStringLiteral("agent (teamai mcp)"));
        QCOMPARE(out.value(QStringLiteral("enableError")).toObject().value(QStringLiteral("code")).toInt(), -32602);
        QVERIFY(!client.out.contains(DevServerProcess::token().toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestMcpSdkEndToEnd)
#include "tst_mcp_sdk_e2e.moc"
