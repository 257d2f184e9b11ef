// The server definition of install_mcp (`mcp_config`): every field checked, each refusal one
// plain sentence; and how each tool renders what passed.

#include "mcp/McpDefinition.h"
#include "mcp/McpRender.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using namespace teamai::mcp;

namespace {

// No raw strings in this file: moc 6.4 reads `//` inside one as a comment and loses the class.
ParsedServer parse(const QByteArray &json)
{
    const QJsonDocument document = QJsonDocument::fromJson("[" + json + "]");
    return parseDefinition(QStringLiteral("install_mcp"), QStringLiteral("fs"), document.array().at(0));
}

} // namespace

class TestMcpDefinition : public QObject
{
    Q_OBJECT
private slots:
    void accepts()
    {
        const ParsedServer stdio = parse("{\"transport\":\"stdio\",\"command\":\"npx\",\"args\":[\"-y\",\"pkg\"],\"env\":{\"B\":\"2\",\"A_1\":\"multi\\nline\"},"
                                           "\"timeout\":\"1500\",\"url\":\"ignored\",\"requires\":[\"npx\"]}");
        QVERIFY2(stdio.server, qPrintable(stdio.error));
        QCOMPARE(stdio.server->command, QStringLiteral("npx"));
        QCOMPARE(stdio.server->args, (QStringList{QStringLiteral("-y"), QStringLiteral("pkg")}));
        QCOMPARE(stdio.server->env.size(), 2);
        QCOMPARE(stdio.server->env.at(0).first, QStringLiteral("A_1"));
        QCOMPARE(*stdio.server->timeoutMs, 1500.0);
        QVERIFY(stdio.server->url.isEmpty());

        const ParsedServer sse = parse("{\"transport\":\"sse\",\"url\":\"http://127.0.0.1:9000/sse\",\"headers\":{\"X-Key\":\"${KEY}\"}}");
        QVERIFY2(sse.server, qPrintable(sse.error));
        QCOMPARE(sse.server->transport, Transport::Sse);
    }

    void refuses_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("missing") << QByteArray("null") << QStringLiteral("install_mcp: missing mcp_config");
        QTest::newRow("a string") << QByteArray("\"{}\"") << QStringLiteral("install_mcp: mcp_config is not an object");
        QTest::newRow("no transport") << QByteArray("{\"command\":\"x\"}") << QStringLiteral("install_mcp: missing transport for server \"fs\"");
        QTest::newRow("bad transport") << QByteArray("{\"transport\":\"ws\"}") << QStringLiteral("install_mcp: unsupported transport \"ws\" for server \"fs\"");
        QTest::newRow("no command") << QByteArray("{\"transport\":\"stdio\"}") << QStringLiteral("install_mcp: server \"fs\" needs a command (stdio transport)");
        QTest::newRow("blank command") << QByteArray("{\"transport\":\"stdio\",\"command\":\"  \"}") << QStringLiteral("install_mcp: server \"fs\" needs a command (stdio transport)");
        QTest::newRow("command array") << QByteArray("{\"transport\":\"stdio\",\"command\":[\"npx\"]}") << QStringLiteral("install_mcp: server \"fs\" needs a command (stdio transport)");
        QTest::newRow("command newline") << QByteArray("{\"transport\":\"stdio\",\"command\":\"a\\nrm -rf /\"}") << QStringLiteral("install_mcp: command contains a control character (server \"fs\")");
        QTest::newRow("args string") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"args\":\"-y\"}") << QStringLiteral("install_mcp: args of server \"fs\" must be an array of strings");
        QTest::newRow("args number") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"args\":[1]}") << QStringLiteral("install_mcp: args of server \"fs\" must be an array of strings");
        QTest::newRow("arg NUL") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"args\":[\"a\\u0000\"]}") << QStringLiteral("install_mcp: an argument contains a control character (server \"fs\")");
        QTest::newRow("env array") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"env\":[\"A=1\"]}") << QStringLiteral("install_mcp: env of server \"fs\" must be an object of strings");
        QTest::newRow("env number") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"env\":{\"PORT\":80}}") << QStringLiteral("install_mcp: env of server \"fs\" must be an object of strings");
        QTest::newRow("env name") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"env\":{\"A-B\":\"1\"}}") << QStringLiteral("install_mcp: invalid env name \"A-B\" for server \"fs\"");
        // `$` in a pattern also matches before a final newline (found by fuzz_command).
        QTest::newRow("env name, final newline") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"env\":{\"A\\n\":\"1\"}}") << QStringLiteral("install_mcp: invalid env name \"A\uFFFD\" for server \"fs\"");
        QTest::newRow("no url") << QByteArray("{\"transport\":\"http\"}") << QStringLiteral("install_mcp: server \"fs\" needs a url (http transport)");
        QTest::newRow("file url") << QByteArray("{\"transport\":\"http\",\"url\":\"file://\\/etc/passwd\"}") << QStringLiteral("install_mcp: unsupported url scheme \"file:\" for server \"fs\"");
        QTest::newRow("no host") << QByteArray("{\"transport\":\"sse\",\"url\":\"https://\"}") << QStringLiteral("install_mcp: invalid url for server \"fs\": https://");
        QTest::newRow("relative url") << QByteArray("{\"transport\":\"sse\",\"url\":\"/mcp\"}") << QStringLiteral("install_mcp: invalid url for server \"fs\": /mcp");
        QTest::newRow("header injection") << QByteArray("{\"transport\":\"http\",\"url\":\"https://h\",\"headers\":{\"X\":\"a\\r\\nEvil: 1\"}}") << QStringLiteral("install_mcp: headers X contains a control character (server \"fs\")");
        QTest::newRow("header name") << QByteArray("{\"transport\":\"http\",\"url\":\"https://h\",\"headers\":{\"X Y\":\"1\"}}") << QStringLiteral("install_mcp: invalid header name \"X Y\" for server \"fs\"");
        QTest::newRow("header name, final newline") << QByteArray("{\"transport\":\"http\",\"url\":\"https://h\",\"headers\":{\"X\\n\":\"1\"}}") << QStringLiteral("install_mcp: invalid header name \"X\uFFFD\" for server \"fs\"");
        QTest::newRow("timeout zero") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"timeout\":0}") << QStringLiteral("install_mcp: invalid timeout for server \"fs\": 0");
        QTest::newRow("timeout words") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"timeout\":\"soon\"}") << QStringLiteral("install_mcp: invalid timeout for server \"fs\": soon");
        QTest::newRow("timeout huge") << QByteArray("{\"transport\":\"stdio\",\"command\":\"x\",\"timeout\":1e12}") << QStringLiteral("install_mcp: invalid timeout for server \"fs\": 1e+12");
    }
    void refuses()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const ParsedServer parsed = parse(json);
        QVERIFY(!parsed.server);
        QCOMPARE(parsed.error, error);
    }

    void transportsPerTool()
    {
        QVERIFY(render::supportsTransport(McpFormat::Claude, Transport::Sse));
        QVERIFY(render::supportsTransport(McpFormat::Codex, Transport::Http));
        QVERIFY(!render::supportsTransport(McpFormat::Codex, Transport::Sse));
        QVERIFY(!render::supportsTransport(McpFormat::Opencode, Transport::Sse));
        QVERIFY(!render::supportsTransport(McpFormat::None, Transport::Stdio));
        QCOMPARE(render::serverKey(McpFormat::Opencode), QStringLiteral("mcp"));
        QCOMPARE(render::serverKey(McpFormat::Copilot), QStringLiteral("mcpServers"));
    }

    void codexHeadersGoWhereCodexReadsThem()
    {
        const ParsedServer parsed = parse("{\"transport\":\"http\",\"url\":\"https://h/mcp\",\"timeout\":1001,"
                                           "\"headers\":{\"Authorization\":\"Bearer ${TOK}\",\"X-Env\":\"${TEAM}\",\"X-Lit\":\"v \\\"q\\\"\"}}");
        QVERIFY(parsed.server);
        QCOMPARE(render::codexBlock(*parsed.server),
                 QStringLiteral("[mcp_servers.fs]\nurl = \"https://h/mcp\"\nbearer_token_env_var = \"TOK\"\n"
                                "env_http_headers = { \"X-Env\" = \"TEAM\" }\nhttp_headers = { \"X-Lit\" = \"v \\\"q\\\"\" }\n"
                                "startup_timeout_sec = 2\n"));
    }

    void cursorSpellsEnvironmentReferencesItsWay()
    {
        const ParsedServer parsed = parse("{\"transport\":\"stdio\",\"command\":\"run ${HOME}\",\"args\":[\"--key=${KEY}\"],\"env\":{\"T\":\"${TOKEN}\"}}");
        QVERIFY(parsed.server);
        QCOMPARE(render::jsonEntry(McpFormat::Cursor, *parsed.server).compact(),
                 QByteArray("{\"command\":\"run ${HOME}\",\"args\":[\"--key=${env:KEY}\"],\"env\":{\"T\":\"${env:TOKEN}\"}}"));
    }
};

QTEST_GUILESS_MAIN(TestMcpDefinition)
#include "tst_mcpdefinition.moc"
