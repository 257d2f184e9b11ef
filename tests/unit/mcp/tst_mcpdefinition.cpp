// The server definition of install_mcp (`mcp_config`): every field checked, each refusal one
// plain sentence; and how each tool renders what passed.

#include "mcp/McpDefinition.h"
#include "mcp/McpRender.h"

#include "DataTable.h"

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

    // The rows ", final newline": `$` in a pattern also matches before a final newline (found by
    // fuzz_command).
    void refuses_data() { test::loadTable(); }
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
