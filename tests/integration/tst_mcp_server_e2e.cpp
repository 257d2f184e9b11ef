// `teamai mcp` end to end: the real binary over a pipe in a temporary HOME, after a `teamai sync`
// against the development backend. Each tool is called and its answers are checked against what
// `teamai history` / `teamai status` read from the same ledger; the kill switch tool turns remote
// commands off as the agent; an oversized line is refused and the stream goes on; stdin EOF ends
// the server with exit status 0.

#include "AgentTestCase.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace teamai::test;

namespace {

/// One `teamai mcp` process and the request/response lines exchanged with it.
class McpSession
{
public:
    explicit McpSession(const QStringList &arguments = {QStringLiteral("mcp")})
    {
        m_process.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        m_process.start(builtBinary("TEAMAI_BIN"), arguments);
    }
    ~McpSession()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    bool started() { return m_process.waitForStarted(10000); }
    QProcess &process() { return m_process; }

    void send(const QByteArray &line) { m_process.write(line + '\n'); }
    void send(const QJsonObject &message) { send(QJsonDocument(message).toJson(QJsonDocument::Compact)); }

    /// The next line the server wrote, parsed (empty object after 20 s without one).
    QJsonObject next()
    {
        const QDeadlineTimer deadline(20000);
        while (!m_process.canReadLine() && !deadline.hasExpired())
            m_process.waitForReadyRead(200);
        const QByteArray line = m_process.readLine();
        m_lines.append(line);
        return QJsonDocument::fromJson(line).object();
    }
    QJsonObject request(qint64 id, const QString &method, const QJsonObject &params = {})
    {
        send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                         {QStringLiteral("method"), method}, {QStringLiteral("params"), params}});
        return next();
    }
    QJsonObject call(qint64 id, const QString &tool, const QJsonObject &arguments = {})
    {
        return request(id, QStringLiteral("tools/call"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}})
            .value(QStringLiteral("result")).toObject();
    }
    QByteArray everything() const { return m_lines.join(); }

private:
    QProcess m_process;
    QList<QByteArray> m_lines;
};

QJsonObject structured(const QJsonObject &result) { return result.value(QStringLiteral("structuredContent")).toObject(); }
bool isError(const QJsonObject &result) { return result.value(QStringLiteral("isError")).toBool(); }

QJsonObject statusJson()
{
    return QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out).object();
}

} // namespace

class TestMcpServerEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    void setUp() override
    {
        f->server().queue(QJsonArray{unsupportedCommand(1), restrictedCommand(2, QStringLiteral("teamai --version"), QStringLiteral("cmd"))});
        const QJsonObject sync = f->syncJson();
        QVERIFY2(!sync.isEmpty(), "teamai sync ran");
        QVERIFY(!f->waitForAck(2).isEmpty());
    }

private slots:
    void everyToolAgainstTheLedger()
    {
        McpSession mcp;
        QVERIFY(mcp.started());
        const QJsonObject init = mcp.request(1, QStringLiteral("initialize"),
            QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")}, {QStringLiteral("capabilities"), QJsonObject{}},
                        {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("e2e")}, {QStringLiteral("version"), QStringLiteral("1")}}}});
        QCOMPARE(init.value(QStringLiteral("result")).toObject().value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2025-06-18"));
        mcp.send(QByteArray(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"));
        QCOMPARE(mcp.request(2, QStringLiteral("ping")).value(QStringLiteral("id")).toInt(), 2);  // the notification got no line
        QCOMPARE(mcp.request(3, QStringLiteral("tools/list")).value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray().size(), 5);

        const QJsonObject status = structured(mcp.call(4, QStringLiteral("teamai_status")));
        const QJsonObject cli = statusJson();
        QCOMPARE(status.value(QStringLiteral("endpoint")).toString(), cli.value(QStringLiteral("endpoint")).toString());
        QCOMPARE(status.value(QStringLiteral("token_source")).toString(), QStringLiteral("file"));
        QCOMPARE(status.value(QStringLiteral("commands")).toObject().value(QStringLiteral("pending")).toInt(),
                 cli.value(QStringLiteral("commands")).toObject().value(QStringLiteral("pending")).toInt());
        QVERIFY(status.value(QStringLiteral("last_sync")).toObject().value(QStringLiteral("ok")).toBool());
        QVERIFY(status.value(QStringLiteral("remote_commands")).toObject().value(QStringLiteral("allowed")).toBool());
        for (const char *key : {"mcp_servers", "model_gateways", "bindings"})  // what the CLI's inventory adds
            QVERIFY2(status.contains(QLatin1String(key)) && status.value(QLatin1String(key)) == cli.value(QLatin1String(key)), key);
        QCOMPARE(status.value(QStringLiteral("hook_rules")).toObject().value(QStringLiteral("rules")).toArray().size(),
                 cli.value(QStringLiteral("hook_rules")).toObject().value(QStringLiteral("rules")).toArray().size());

        const QJsonArray commands = structured(mcp.call(5, QStringLiteral("teamai_commands"))).value(QStringLiteral("commands")).toArray();
        const QList<QJsonObject> history = historyRows();
        QCOMPARE(commands.size(), history.size());
        for (qsizetype i = 0; i < commands.size(); ++i) {
            QCOMPARE(commands.at(i).toObject().value(QStringLiteral("id")).toInteger(), history.at(i).value(QStringLiteral("id")).toInteger());
            QCOMPARE(commands.at(i).toObject().value(QStringLiteral("state")).toString(), history.at(i).value(QStringLiteral("state")).toString());
        }
        const QJsonArray succeeded = structured(mcp.call(6, QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("state"), QStringLiteral("succeeded")}}))
                                         .value(QStringLiteral("commands")).toArray();
        QCOMPARE(succeeded.size(), 1);
        QCOMPARE(succeeded.at(0).toObject().value(QStringLiteral("id")).toInteger(), 2);

        const QJsonObject record = structured(mcp.call(7, QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), 2}}));
        const QJsonObject row = historyRow(2);
        QCOMPARE(record.value(QStringLiteral("state")).toString(), row.value(QStringLiteral("state")).toString());
        QCOMPARE(record.value(QStringLiteral("delivery")).toString(), row.value(QStringLiteral("delivery")).toString());
        QCOMPARE(record.value(QStringLiteral("exit_code")).toInt(-1), row.value(QStringLiteral("exit_code")).toInt(-2));
        QCOMPARE(record.value(QStringLiteral("command_text")).toString(), QStringLiteral("teamai --version"));
        const QJsonArray attempts = record.value(QStringLiteral("ack_attempts")).toArray();
        QCOMPARE(attempts.size(), row.value(QStringLiteral("ack_attempts")).toInt());
        QVERIFY(attempts.last().toObject().value(QStringLiteral("delivered")).toBool());

        QVERIFY(isError(mcp.call(8, QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), QStringLiteral("-2")}})));
        QVERIFY(isError(mcp.call(9, QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), -2}})));
        QVERIFY(isError(mcp.call(10, QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("limit"), 501}})));
        QVERIFY(isError(mcp.call(11, QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("type"), QStringLiteral("--all")}})));
        QVERIFY(!mcp.everything().contains(DevServerProcess::token().toUtf8()));

        mcp.process().closeWriteChannel();
        QVERIFY(mcp.process().waitForFinished(10000));
        QCOMPARE(mcp.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(mcp.process().exitCode(), 0);
    }

    void toolOptionIsValidatedAndScopesTheCommands()
    {
        const TeamaiRun bad = runTeamai({QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("nosuchtool")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("unknown tool `nosuchtool`"), bad.err.constData());
        QVERIFY(bad.out.isEmpty());  // no server started: nothing on stdout
        QCOMPARE(runTeamai({QStringLiteral("mcp"), QStringLiteral("--tool")}).exitCode, 2);

        // The synced commands came for claude: a server for codex lists none of them and may not
        // ask for claude's without the user's setting.
        McpSession codex({QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("codex")});
        QVERIFY(codex.started());
        QCOMPARE(structured(codex.call(1, QStringLiteral("teamai_commands"))).value(QStringLiteral("count")).toInt(), 0);
        const QJsonObject refused = codex.call(2, QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), 2}, {QStringLiteral("agent"), QStringLiteral("claude")}});
        QVERIFY(isError(refused));
        QVERIFY(QJsonDocument(refused).toJson().contains("agentsSeeAllCommands"));
        McpSession claude({QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("Claude-Code")});  // normalized like hooks
        QVERIFY(claude.started());
        QCOMPARE(structured(claude.call(1, QStringLiteral("teamai_commands"))).value(QStringLiteral("count")).toInt(), historyRows().size());
    }

    void disableToolTurnsRemoteCommandsOff()
    {
        McpSession mcp;
        QVERIFY(mcp.started());
        const QJsonObject result = mcp.call(1, QStringLiteral("teamai_disable_remote_commands"));
        QVERIFY(!isError(result));
        const QJsonObject remote = statusJson().value(QStringLiteral("remote_commands")).toObject();
        QCOMPARE(remote.value(QStringLiteral("allowed")), QJsonValue(false));
        QCOMPARE(remote.value(QStringLiteral("changed_by")).toString(), QStringLiteral("agent (teamai mcp)"));
        // No tool turns them back on.
        QCOMPARE(mcp.request(2, QStringLiteral("tools/call"), QJsonObject{{QStringLiteral("name"), QStringLiteral("teamai_enable_remote_commands")}})
                     .value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), -32602);
    }

    void oversizedLineIsRefusedAndTheStreamGoesOn()
    {
        McpSession mcp;
        QVERIFY(mcp.started());
        mcp.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + QByteArray(1100 * 1024, 'x') + "\"}}");
        const QJsonObject refused = mcp.next();
        QCOMPARE(refused.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), -32600);
        QVERIFY(refused.value(QStringLiteral("id")).isNull());
        mcp.send(QByteArray("not json"));
        QCOMPARE(mcp.next().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), -32700);
        QCOMPARE(mcp.request(2, QStringLiteral("ping")).value(QStringLiteral("id")).toInt(), 2);
        mcp.process().closeWriteChannel();
        QVERIFY(mcp.process().waitForFinished(10000));
        QCOMPARE(mcp.process().exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMcpServerEndToEnd)
#include "tst_mcp_server_e2e.moc"
