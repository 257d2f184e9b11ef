// The MCP dispatcher without processes: request objects in, response objects out — JSON-RPC
// errors, notifications, initialize negotiation, the tools' schemas, argument checks, and the
// agent's tools against a real ledger and kill switch in a temporary HOME.

#include "commands/Command.h"
#include "config/AgentSettings.h"
#include "config/RemoteCommandGate.h"
#include "mcpserver/AgentTools.h"
#include "mcpserver/JsonRpc.h"
#include "mcpserver/JsonRpcFraming.h"
#include "mcpserver/KillSwitchTool.h"
#include "mcpserver/McpArguments.h"
#include "mcpserver/McpServer.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "util/Redact.h"

#include "DataTable.h"
#include "LedgerFixture.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <functional>

using namespace teamai;
using namespace teamai::mcpserver;
using teamai::test::ackIdOf;

namespace {

QJsonObject request(const QJsonValue &id, const QString &method, const QJsonObject &params = {})
{
    QJsonObject object{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        object.insert(QStringLiteral("params"), params);
    return object;
}

QJsonObject callRequest(const QString &tool, const QJsonValue &arguments)
{
    return request(7, QStringLiteral("tools/call"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}});
}

int errorCode(const std::optional<QJsonObject> &response)
{
    return response ? response->value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt() : 0;
}

QJsonObject resultOf(const std::optional<QJsonObject> &response)
{
    return response ? response->value(QStringLiteral("result")).toObject() : QJsonObject();
}

QString textOf(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
}

McpTool echoTool()
{
    const QJsonObject properties{{QStringLiteral("name"), schema::string(QStringLiteral("a name"), 30)},
                                 {QStringLiteral("count"), schema::integer(QStringLiteral("a count"), 1, 5)},
                                 {QStringLiteral("mode"), schema::stringEnum(QStringLiteral("a mode"), {QStringLiteral("a"), QStringLiteral("b")})}};
    return McpTool{QStringLiteral("echo"), {}, QStringLiteral("echoes"), schema::object(properties, {QStringLiteral("name")}),
                   [](const QJsonObject &arguments) {
                       return ToolResult::success(arguments, QStringLiteral("Authorization: Bearer abcdefghijklmnop"));
                   },
                   {}};
}

Command pushed(qint64 id, const QString &cmd)
{
    return Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("cmd")},
                                         {QStringLiteral("cmd"), cmd}});
}

/// @brief Opens the ledger of the current HOME, lets @p fill write to it and closes it again, so
/// that the tools under test read what is on disk, as an agent's MCP server does. False when the
/// ledger does not open or a check in @p fill failed.
bool writeLedger(const std::function<void(CommandLedger &)> &fill)
{
    LedgerDatabase database;
    if (!database.open())
        return false;
    CommandLedger ledger(database);
    fill(ledger);
    return !QTest::currentTestFailed();
}

} // namespace

class TestMcpDispatcher : public QObject
{
    Q_OBJECT
private slots:
    void notAnObjectIsAnInvalidRequest()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        QCOMPARE(errorCode(server.handle(QJsonValue(42))), jsonrpc::kInvalidRequest);
        QCOMPARE(errorCode(server.handle(QJsonValue(QStringLiteral("x")))), jsonrpc::kInvalidRequest);
        const std::optional<QJsonObject> response = server.handle(QJsonValue(QJsonValue::Null));
        QVERIFY(response->value(QStringLiteral("id")).isNull());
        QCOMPARE(response->value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
    }

    void batchesAreRefused()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        const QJsonArray batch{request(1, QStringLiteral("ping")), request(2, QStringLiteral("ping"))};
        const std::optional<QJsonObject> response = server.handle(QJsonValue(batch));
        QCOMPARE(errorCode(response), jsonrpc::kInvalidRequest);
        QVERIFY(response->value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString().contains(QStringLiteral("batch")));
    }

    void malformedRequests_data()
    {
        QTest::addColumn<QJsonObject>("message");
        QTest::addColumn<int>("code");
        QTest::newRow("no jsonrpc") << QJsonObject{{QStringLiteral("id"), 1}, {QStringLiteral("method"), QStringLiteral("ping")}} << jsonrpc::kInvalidRequest;
        QTest::newRow("jsonrpc 1.0") << QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("1.0")}, {QStringLiteral("id"), 1}, {QStringLiteral("method"), QStringLiteral("ping")}} << jsonrpc::kInvalidRequest;
        QTest::newRow("method not a string") << QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1}, {QStringLiteral("method"), 5}} << jsonrpc::kInvalidRequest;
        QTest::newRow("object id") << QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), QJsonObject{}}, {QStringLiteral("method"), QStringLiteral("ping")}} << jsonrpc::kInvalidRequest;
        QTest::newRow("fractional id") << QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1.5}, {QStringLiteral("method"), QStringLiteral("ping")}} << jsonrpc::kInvalidRequest;
        QTest::newRow("params an array") << QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1}, {QStringLiteral("method"), QStringLiteral("ping")}, {QStringLiteral("params"), QJsonArray{1}}} << jsonrpc::kInvalidParams;
        QTest::newRow("unknown method") << request(1, QStringLiteral("resources/list")) << jsonrpc::kMethodNotFound;
        QTest::newRow("initialize without revision") << request(1, QStringLiteral("initialize"), QJsonObject{{QStringLiteral("capabilities"), QJsonObject{}}}) << jsonrpc::kInvalidParams;
        QTest::newRow("call without name") << request(1, QStringLiteral("tools/call"), QJsonObject{{QStringLiteral("arguments"), QJsonObject{}}}) << jsonrpc::kInvalidParams;
        QTest::newRow("call unknown tool") << callRequest(QStringLiteral("teamai_enable_remote_commands"), QJsonObject{}) << jsonrpc::kInvalidParams;
    }
    void malformedRequests()
    {
        QFETCH(QJsonObject, message);
        QFETCH(int, code);
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        QCOMPARE(errorCode(server.handle(message)), code);
    }

    void errorKeepsTheRequestId()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        const std::optional<QJsonObject> response = server.handle(request(QStringLiteral("abc"), QStringLiteral("nope")));
        QCOMPARE(response->value(QStringLiteral("id")).toString(), QStringLiteral("abc"));
    }

    void notificationsGetNoResponse()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        const auto notification = [](const QString &method) {
            return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
        };
        QVERIFY(!server.handle(notification(QStringLiteral("notifications/initialized"))));
        QVERIFY(!server.handle(notification(QStringLiteral("notifications/cancelled"))));
        QVERIFY(!server.handle(notification(QStringLiteral("no/such/method"))));  // not even an error
        // A response sent to us (we never ask anything) is ignored too.
        QVERIFY(!server.handle(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 3}, {QStringLiteral("result"), QJsonObject{}}}));
    }

    void framingErrorsBecomeResponses()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        QCOMPARE(errorCode(server.handle(JsonRpcFraming::parseLine("{oops"))), jsonrpc::kParseError);
        QCOMPARE(errorCode(server.handle(JsonRpcFraming::parseLine("17"))), jsonrpc::kInvalidRequest);
    }

    void initializeNegotiatesTheRevision_data() { test::loadTable(); }
    void initializeNegotiatesTheRevision()
    {
        QFETCH(QString, asked);
        QFETCH(QString, answered);
        McpServer server(QStringLiteral("teamai"), QStringLiteral("9.9"), {});
        const QJsonObject result = resultOf(server.handle(request(0, QStringLiteral("initialize"),
            QJsonObject{{QStringLiteral("protocolVersion"), asked}, {QStringLiteral("capabilities"), QJsonObject{}},
                        {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("c")}, {QStringLiteral("version"), QStringLiteral("1")}}}})));
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), answered);
        QCOMPARE(server.negotiatedRevision(), answered);
        QVERIFY(result.value(QStringLiteral("capabilities")).toObject().value(QStringLiteral("tools")).isObject());
        const QJsonObject info = result.value(QStringLiteral("serverInfo")).toObject();
        QCOMPARE(info.value(QStringLiteral("name")).toString(), QStringLiteral("teamai"));
        QCOMPARE(info.value(QStringLiteral("version")).toString(), QStringLiteral("9.9"));
    }

    void pingAnswersAnEmptyResult()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {});
        const std::optional<QJsonObject> response = server.handle(request(5, QStringLiteral("ping")));
        QVERIFY(response->contains(QStringLiteral("result")));
        QVERIFY(resultOf(response).isEmpty());
        QCOMPARE(response->value(QStringLiteral("id")).toInt(), 5);
    }

    void toolsListShowsClosedSchemas()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonArray tools = resultOf(server.handle(request(1, QStringLiteral("tools/list")))).value(QStringLiteral("tools")).toArray();
        QStringList names;
        for (const QJsonValue &value : tools) {
            const QJsonObject tool = value.toObject();
            names << tool.value(QStringLiteral("name")).toString();
            QVERIFY(!tool.value(QStringLiteral("description")).toString().isEmpty());
            const QJsonObject schema = tool.value(QStringLiteral("inputSchema")).toObject();
            QCOMPARE(schema.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
            QVERIFY(schema.value(QStringLiteral("properties")).isObject());
            QCOMPARE(schema.value(QStringLiteral("additionalProperties")), QJsonValue(false));
            // structuredContent's shape, which revision 2025-06-18 clients check (tst_mcp_sdk_e2e).
            QCOMPARE(tool.value(QStringLiteral("outputSchema")).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("object"));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("teamai_status"), QStringLiteral("teamai_commands"), QStringLiteral("teamai_command"),
                                     QStringLiteral("teamai_command_output"), QStringLiteral("teamai_disable_remote_commands")}));
        QVERIFY2(!names.join(u' ').contains(QStringLiteral("enable_")), "no tool turns remote commands on");
        const QJsonObject limit = tools.at(1).toObject().value(QStringLiteral("inputSchema")).toObject()
                                      .value(QStringLiteral("properties")).toObject().value(QStringLiteral("limit")).toObject();
        QCOMPARE(limit.value(QStringLiteral("minimum")).toInt(), 1);
        QCOMPARE(limit.value(QStringLiteral("maximum")).toInt(), 500);
    }

    void toolArgumentErrors_data()
    {
        QTest::addColumn<QJsonValue>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("not an object") << QJsonValue(QJsonArray{1}) << QStringLiteral("arguments must be an object");
        QTest::newRow("missing required") << QJsonValue(QJsonObject{}) << QStringLiteral("`name` is required");
        QTest::newRow("unknown argument") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}, {QStringLiteral("extra"), 1}}) << QStringLiteral("unknown argument `extra`");
        QTest::newRow("wrong type") << QJsonValue(QJsonObject{{QStringLiteral("name"), 3}}) << QStringLiteral("`name` must be a string");
        QTest::newRow("dash") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("-rf")}}) << QStringLiteral("must not start with `-`");
        QTest::newRow("empty") << QJsonValue(QJsonObject{{QStringLiteral("name"), QString()}}) << QStringLiteral("must not be empty");
        QTest::newRow("too long") << QJsonValue(QJsonObject{{QStringLiteral("name"), QString(31, u'a')}}) << QStringLiteral("longer than 30");
        QTest::newRow("below minimum") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}, {QStringLiteral("count"), 0}}) << QStringLiteral("at least 1");
        QTest::newRow("above maximum") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}, {QStringLiteral("count"), 6}}) << QStringLiteral("at most 5");
        QTest::newRow("fraction") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}, {QStringLiteral("count"), 2.5}}) << QStringLiteral("whole number");
        QTest::newRow("not in enum") << QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}, {QStringLiteral("mode"), QStringLiteral("c")}}) << QStringLiteral("one of: a, b");
    }
    void toolArgumentErrors()
    {
        QFETCH(QJsonValue, arguments);
        QFETCH(QString, message);
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {echoTool()});
        const QJsonObject result = resultOf(server.handle(callRequest(QStringLiteral("echo"), arguments)));
        QCOMPARE(result.value(QStringLiteral("isError")), QJsonValue(true));
        QVERIFY2(textOf(result).contains(message), qPrintable(textOf(result)));
        QVERIFY(!result.contains(QStringLiteral("structuredContent")));
    }

    void toolResultsAreRedacted()
    {
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), {echoTool()});
        const QJsonObject result = resultOf(server.handle(callRequest(QStringLiteral("echo"),
            QJsonObject{{QStringLiteral("name"), QStringLiteral("token=hunter22secret")}})));
        QCOMPARE(result.value(QStringLiteral("isError")), QJsonValue(false));
        QVERIFY(!textOf(result).contains(QStringLiteral("abcdefghijklmnop")));
        const QByteArray all = QJsonDocument(result).toJson();
        QVERIFY2(!all.contains("hunter22secret"), all.constData());
        QVERIFY(result.value(QStringLiteral("structuredContent")).isObject());
    }

    void commandToolsReadTheLedger()
    {
        test::TestEnvironment env;
        QVERIFY(writeLedger([](CommandLedger &ledger) {
            ledger.admit(pushed(11, QStringLiteral("echo one")), QStringLiteral("claude"), {});
            const auto second = ledger.admit(pushed(12, QStringLiteral("curl -H 'Authorization: Bearer sk-abcdefghijklmnopqrstuvwx' x")), QStringLiteral("claude"), {});
            CommandCompletion done;
            done.state = CommandState::Failed;
            done.delivery = Delivery::Delivered;
            done.error = QStringLiteral("exit 3");
            done.detail = QStringLiteral("ran curl, token=abc123secret");
            done.ackPayload = QJsonObject{{QStringLiteral("id"), 12}, {QStringLiteral("status"), QStringLiteral("failed")}};
            QVERIFY(ackIdOf(ledger.complete(second.row.rowId, done)) > 0);
            const QList<OutboxAck> due = ledger.dueAcks(false);
            QCOMPARE(due.size(), 1);
            ledger.recordAckAttempt(due.first(), 503, QStringLiteral("HTTP 503"), false);
            ledger.recordAckAttempt(due.first(), 200, {}, true);
        }));
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonObject list = resultOf(server.handle(callRequest(QStringLiteral("teamai_commands"), QJsonObject{})))
                                     .value(QStringLiteral("structuredContent")).toObject();
        const QJsonArray commands = list.value(QStringLiteral("commands")).toArray();
        QCOMPARE(commands.size(), 2);
        QCOMPARE(commands.at(0).toObject().value(QStringLiteral("id")).toInteger(), 12);  // newest first
        // What the command did is in the list (what changed, at a glance), redacted.
        QCOMPARE(commands.at(0).toObject().value(QStringLiteral("detail")).toString(), redactSecrets(QStringLiteral("ran curl, token=abc123secret")));
        QVERIFY(!commands.at(0).toObject().value(QStringLiteral("detail")).toString().contains(QStringLiteral("abc123secret")));
        const QJsonObject failedOnly = resultOf(server.handle(callRequest(QStringLiteral("teamai_commands"),
            QJsonObject{{QStringLiteral("state"), QStringLiteral("pending")}, {QStringLiteral("limit"), 5}}))).value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(failedOnly.value(QStringLiteral("count")).toInt(), 1);

        const QJsonObject result = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), 12}})));
        QCOMPARE(result.value(QStringLiteral("isError")), QJsonValue(false));
        const QJsonObject record = result.value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(record.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(record.value(QStringLiteral("ack_attempts")).toArray().size(), 2);
        QCOMPARE(record.value(QStringLiteral("ack_attempts")).toArray().at(0).toObject().value(QStringLiteral("http_status")).toInt(), 503);
        QVERIFY(record.value(QStringLiteral("command_text")).toString().startsWith(QStringLiteral("curl")));
        QVERIFY2(!QJsonDocument(result).toJson().contains("sk-abcdefghijklmnopqrstuvwx"), "the token is masked");

        const QJsonObject missing = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), 99}})));
        QCOMPARE(missing.value(QStringLiteral("isError")), QJsonValue(true));
        const QJsonObject badSince = resultOf(server.handle(callRequest(QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("since"), QStringLiteral("yesterday")}})));
        QCOMPARE(badSince.value(QStringLiteral("isError")), QJsonValue(true));
    }

    void sameIdForTwoAgentsNeedsTheAgent()
    {
        test::TestEnvironment env;
        QVERIFY(writeLedger([](CommandLedger &ledger) {
            ledger.admit(pushed(21, QStringLiteral("echo a")), QStringLiteral("claude"), {});
            ledger.admit(pushed(21, QStringLiteral("echo b")), QStringLiteral("codex"), {});
            ledger.admit(pushed(22, QStringLiteral("echo c")), QStringLiteral("some-future-tool"), {});
        }));
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setAgentsSeeAllCommands(true); }));
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        // The caller's own command needs no agent, even when another agent has the same id.
        const QJsonObject own = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"), QJsonObject{{QStringLiteral("id"), 21}})))
                                    .value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(own.value(QStringLiteral("command_text")).toString(), QStringLiteral("echo a"));
        const QJsonObject ambiguous = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"),
            QJsonObject{{QStringLiteral("id"), 21}, {QStringLiteral("agent"), QStringLiteral("*")}})));
        QCOMPARE(ambiguous.value(QStringLiteral("isError")), QJsonValue(true));
        QVERIFY2(textOf(ambiguous).contains(QStringLiteral("`agent`")), qPrintable(textOf(ambiguous)));
        const QJsonObject codex = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"),
            QJsonObject{{QStringLiteral("id"), 21}, {QStringLiteral("agent"), QStringLiteral("codex")}}))).value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(codex.value(QStringLiteral("command_text")).toString(), QStringLiteral("echo b"));
        // An agent type outside the tool table is still found with `*` (the command_id index).
        const QJsonObject other = resultOf(server.handle(callRequest(QStringLiteral("teamai_command"),
            QJsonObject{{QStringLiteral("id"), 22}, {QStringLiteral("agent"), QStringLiteral("*")}}))).value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(other.value(QStringLiteral("agent")).toString(), QStringLiteral("some-future-tool"));
    }

    void disableToolTurnsTheSwitchOffAsTheAgent()
    {
        test::TestEnvironment env;
        QVERIFY(RemoteCommandGate::evaluate().allowed);
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonObject result = resultOf(server.handle(callRequest(QStringLiteral("teamai_disable_remote_commands"), QJsonObject{})));
        QCOMPARE(result.value(QStringLiteral("isError")), QJsonValue(false));
        const RemoteCommandGate::Decision gate = RemoteCommandGate::evaluate();
        QVERIFY(!gate.allowed);
        QCOMPARE(gate.changedBy, QString::fromLatin1(kMcpChangedBy));
        QCOMPARE(result.value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("remote_commands")).toObject()
                     .value(QStringLiteral("allowed")), QJsonValue(false));
    }
};

QTEST_GUILESS_MAIN(TestMcpDispatcher)
#include "tst_mcpdispatcher.moc"
