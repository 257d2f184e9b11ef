// `teamai mcp` driven by the official MCP TypeScript SDK (`@modelcontextprotocol/sdk`, installed
// by this test into the build folder with npm): initialize and revision negotiation, tools/list,
// each tool with good and bad arguments, the kill switch tool, and no tool that enables; a
// command's output followed while the worker runs it, until it finishes; the lossy flag after
// the retained window overflowed. Skipped only when node or npm is missing or npm cannot reach
// its registry.

#include "AgentFixture.h"
#include "RunProbes.h"
#include "util/Redact.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QtTest>

using namespace teamai::test;
using teamai::redactSecrets;

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

void setOutputWindow(TestEnvironment &env, qint64 bytes)
{
    const QString relative = QStringLiteral(".teamai/local-agent/settings.json");
    QJsonObject settings = QJsonDocument::fromJson(env.readFile(relative)).object();
    settings.insert(QStringLiteral("commandOutputWindowBytes"), bytes);
    env.writeFile(relative, QJsonDocument(settings).toJson());
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

    /// The SDK client in @p scenario (see mcp_sdk_client.mjs), its one JSON answer.
    QJsonObject sdkClient(const QStringList &scenario)
    {
        const Run answer = run(m_node, QStringList{m_sdkDir + QStringLiteral("/mcp_sdk_client.mjs"), builtBinary("TEAMAI_BIN")} + scenario,
                               90000);
        if (answer.exitCode != 0)
            qWarning().noquote() << "SDK client failed:" << answer.err;
        return QJsonDocument::fromJson(answer.out).object();
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
        QVERIFY(out.value(QStringLiteral("badCursor")).toObject().value(QStringLiteral("isError")).toBool());
        QVERIFY(textOf(out.value(QStringLiteral("badCursor")).toObject()).contains(QStringLiteral("cursor")));
        QCOMPARE(out.value(QStringLiteral("disable")).toObject().value(QStringLiteral("isError")), QJsonValue(false));
        const QJsonObject remote = QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out)
                                       .object().value(QStringLiteral("remote_commands")).toObject();
        QCOMPARE(remote.value(QStringLiteral("allowed")), QJsonValue(false));
        QCOMPARE(remote.value(QStringLiteral("changed_by")).toString(), QStringLiteral("agent (teamai mcp)"));
        QCOMPARE(out.value(QStringLiteral("enableError")).toObject().value(QStringLiteral("code")).toInt(), -32602);
        QVERIFY(!client.out.contains(DevServerProcess::token().toUtf8()));
    }

    void theClientFollowsARunningCommandUntilItFinishes()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        // `teamai doctor` prints its first checks at once, then waits ~3 s for get-config.
        f.server().setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), 3000},
                             {QStringLiteral("times"), 1}});
        f.server().queue(restrictedCommand(71, QStringLiteral("teamai doctor")));
        QProcess worker;
        worker.start(builtBinary("TEAMAI_BIN"), {QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QVERIFY(worker.waitForStarted());
        worker.closeWriteChannel();
        QVERIFY(waitForState(71, QStringLiteral("running")));

        const QJsonObject out = sdkClient({QStringLiteral("follow"), QStringLiteral("71")});
        QVERIFY(worker.waitForFinished(30000));
        QVERIFY2(!out.contains(QStringLiteral("error")), qPrintable(out.value(QStringLiteral("error")).toString()));
        const QJsonArray calls = out.value(QStringLiteral("calls")).toArray();
        QVERIFY(calls.size() >= 2);
        QByteArray followed;
        bool outputWhileRunning = false;
        for (const QJsonValue &call : calls) {
            const QByteArray chunk = call.toObject().value(QStringLiteral("stdout")).toString().toUtf8();
            outputWhileRunning = outputWhileRunning || (!chunk.isEmpty() && call.toObject().value(QStringLiteral("running")).toBool());
            QVERIFY(!call.toObject().value(QStringLiteral("lossy")).toBool());
            followed += chunk;
        }
        QVERIFY2(outputWhileRunning, "no output was read while the command ran");
        const QJsonObject last = calls.last().toObject();
        QVERIFY(last.value(QStringLiteral("finished")).toBool() && last.value(QStringLiteral("complete")).toBool());
        QCOMPARE(last.value(QStringLiteral("exitCode")).toInt(-1), historyRow(71).value(QStringLiteral("exit_code")).toInt(-2));
        // Everything the command printed, in order, nothing twice: what the ledger recorded, as
        // every tool result is, redacted.
        QCOMPARE(followed, redactSecrets(QString::fromUtf8(ledgerStdout(f.env().stateDir(), 71))).toUtf8());
        QVERIFY(followed.contains("backend"));  // printed after the slow get-config
        QVERIFY(followed.contains("token source: from "));  // doctor's own lines survive redaction
    }

    void theClientSeesTheLossWhenTheWindowOverflowed()
    {
        AgentFixture f;
        QVERIFY(f.ready());
        setOutputWindow(f.env(), 4096);  // the smallest window the setting allows
        // Rows for the pushed `teamai history` to print: about 400 bytes of JSON each.
        QJsonArray many;
        for (int id = 100; id < 150; ++id)
            many.append(unsupportedCommand(id));
        f.server().queue(many);
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        f.server().queue(restrictedCommand(200, QStringLiteral("teamai history --limit 500 --json")));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode, 0);
        const QByteArray recorded = ledgerStdout(f.env().stateDir(), 200);
        QVERIFY2(recorded.size() > 3 * 4096, QByteArray::number(recorded.size()).constData());

        const QJsonObject result = sdkClient({QStringLiteral("read"), QStringLiteral("200")});
        QCOMPARE(result.value(QStringLiteral("isError")), QJsonValue(false));
        const QJsonObject read = result.value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(read.value(QStringLiteral("lossy")), QJsonValue(true));
        QCOMPARE(read.value(QStringLiteral("lossyStdout")), QJsonValue(true));
        QCOMPARE(read.value(QStringLiteral("lossyStderr")), QJsonValue(false));
        const QByteArray shown = read.value(QStringLiteral("stdout")).toString().toUtf8();
        QVERIFY(!shown.isEmpty() && shown.size() <= 4096);
        QVERIFY(recorded.endsWith(shown));  // the retained window is the newest bytes
        QVERIFY(read.value(QStringLiteral("complete")).toBool());
        QVERIFY(textOf(result).contains(QStringLiteral("dropped")));
    }
};

QTEST_GUILESS_MAIN(TestMcpSdkEndToEnd)
#include "tst_mcp_sdk_e2e.moc"
