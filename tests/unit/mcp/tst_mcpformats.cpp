// The per-tool MCP writers against the reference client's own output: each `before` file the
// reference was given becomes, through our writer, exactly the file it wrote (tests/data/mcp).

#include "mcp/McpConfigFile.h"
#include "mcp/McpDefinition.h"
#include "tools/ToolTable.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using namespace teamai::mcp;

namespace {

QByteArray data(const QString &name)
{
    QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/mcp/reference/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(name));
    return file.readAll();
}

/// The servers of a commands file, parsed as the handler parses them.
QList<McpServer> serversIn(const QString &commandsFile)
{
    QList<McpServer> servers;
    for (const QJsonValue &value : QJsonDocument::fromJson(data(commandsFile)).array()) {
        const QJsonObject command = value.toObject();
        const ParsedServer parsed = parseDefinition(QStringLiteral("install_mcp"), command.value(QStringLiteral("slug")).toString(),
                                                    command.value(QStringLiteral("mcp_config")));
        if (!parsed.server)
            qFatal("%s", qPrintable(parsed.error));
        servers.append(*parsed.server);
    }
    return servers;
}

/// The hash the reference recorded for @p tool's server @p name.
QString referenceHash(const QString &manifestFile, const QString &tool, const QString &name)
{
    for (const QJsonValue &record : QJsonDocument::fromJson(data(manifestFile)).object().value(tool).toArray()) {
        if (record.toObject().value(QStringLiteral("name")).toString() == name)
            return record.toObject().value(QStringLiteral("hash")).toString();
    }
    return {};
}

QString extensionOf(const QString &tool)
{
    return tool == QLatin1String("codex") ? QStringLiteral(".toml") : QStringLiteral(".json");
}

} // namespace

class TestMcpFormats : public QObject
{
    Q_OBJECT
private slots:
    void asTheReferenceWritesThem_data()
    {
        QTest::addColumn<QString>("tool");
        for (const char *tool : {"claude", "codex", "cursor", "codebuddy", "copilot", "opencode"})
            QTest::newRow(tool) << QString::fromLatin1(tool);
    }
    void asTheReferenceWritesThem()
    {
        QFETCH(QString, tool);
        const McpFormat format = findTool(tool)->mcpFormat;
        const QString ext = extensionOf(tool);
        Result<std::unique_ptr<McpConfigFile>> opened = McpConfigFile::open(format, false, data(tool + QStringLiteral("-before") + ext), true);
        QVERIFY2(opened, qPrintable(opened.error()));
        std::unique_ptr<McpConfigFile> file = std::move(*opened);
        QCOMPARE(file->servers(), QStringList{QStringLiteral("mine")});
        for (const McpServer &server : serversIn(QStringLiteral("install-commands.json"))) {
            const Result<QString> hash = file->put(server);
            QVERIFY2(hash, qPrintable(hash.error()));
            QCOMPARE(*hash, referenceHash(QStringLiteral("managed-mcp-installed.json"), tool, server.name));
        }
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-installed") + ext));
        QCOMPARE(file->servers(), (QStringList{QStringLiteral("mine"), QStringLiteral("fs"), QStringLiteral("web")}));

        file->remove(QStringLiteral("fs"));
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-uninstalled") + ext));

        // Read back from the reference's file: the same servers, and a re-install changes nothing.
        opened = McpConfigFile::open(format, false, data(tool + QStringLiteral("-installed") + ext), true);
        QVERIFY(opened);
        file = std::move(*opened);
        QVERIFY(file->put(serversIn(QStringLiteral("install-commands.json")).at(0)));
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-installed") + ext));
    }

    void newFilesAreWhatTheReferenceWrites()
    {
        // A missing file: `{"mcpServers": {…}}` + newline, as JSON.stringify(…, null, 2) writes it.
        Result<std::unique_ptr<McpConfigFile>> opened = McpConfigFile::open(McpFormat::Claude, false, {}, false);
        QVERIFY(opened);
        std::unique_ptr<McpConfigFile> file = std::move(*opened);
        McpServer server;
        server.name = QStringLiteral("fs");
        server.command = QStringLiteral("npx");
        QVERIFY(file->put(server));
        QCOMPARE(file->bytes(), QByteArray("{\n  \"mcpServers\": {\n    \"fs\": {\n      \"type\": \"stdio\",\n      \"command\": \"npx\"\n    }\n  }\n}\n"));

        // Copilot's project file may be bare (servers at the top) when it exists without the key.
        opened = McpConfigFile::open(McpFormat::Copilot, true, "{\"other\": {\"type\": \"local\"}}", true);
        QVERIFY(opened);
        file = std::move(*opened);
        QCOMPARE(file->servers(), QStringList{QStringLiteral("other")});
        QVERIFY(file->put(server));
        QVERIFY(QJsonDocument::fromJson(file->bytes()).object().contains(QStringLiteral("fs")));
        file = std::move(*McpConfigFile::open(McpFormat::Copilot, true, {}, false));
        QVERIFY(file->put(server));
        QVERIFY(QJsonDocument::fromJson(file->bytes()).object().value(QStringLiteral("mcpServers")).toObject().contains(QStringLiteral("fs")));

        // Codex: an empty config.toml gets just the block.
        file = std::move(*McpConfigFile::open(McpFormat::Codex, false, {}, false));
        QVERIFY(file->put(server));
        QCOMPARE(file->bytes(), QByteArray("[mcp_servers.fs]\ncommand = \"npx\"\nargs = []\n"));
    }

    void filesThatCannotBeEditedAreRefused_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("garbage") << int(McpFormat::Claude) << QByteArray("{\"mcpServers\": {");
        QTest::newRow("array") << int(McpFormat::Claude) << QByteArray("[]");
        QTest::newRow("servers not an object") << int(McpFormat::Buddy) << QByteArray("{\"mcpServers\": []}");
        QTest::newRow("opencode mcp not an object") << int(McpFormat::Opencode) << QByteArray("{\"mcp\": true}");
        QTest::newRow("toml string never ends") << int(McpFormat::Codex) << QByteArray("x = \"\"\"\n[mcp_servers.fs]\n");
        QTest::newRow("toml not utf-8") << int(McpFormat::Codex) << QByteArray("model = \"\xff\"\n");
    }
    void filesThatCannotBeEditedAreRefused()
    {
        QFETCH(int, format);
        QFETCH(QByteArray, bytes);
        const Result<std::unique_ptr<McpConfigFile>> opened = McpConfigFile::open(McpFormat(format), false, bytes, true);
        QVERIFY(!opened);
        QVERIFY(!opened.error().isEmpty());
    }

    void codexRefusesWhatItCannotHold()
    {
        McpServer server;
        server.name = QStringLiteral("my.server");
        server.command = QStringLiteral("x");
        std::unique_ptr<McpConfigFile> file = std::move(*McpConfigFile::open(McpFormat::Codex, false, {}, false));
        Result<QString> put = file->put(server);
        QVERIFY(!put);
        QVERIFY2(put.error().contains(QStringLiteral("cannot be a Codex table name")), qPrintable(put.error()));
        server.name = QStringLiteral("fs");
        file = std::move(*McpConfigFile::open(McpFormat::Codex, false, "mcp_servers = { other = { command = \"y\" } }\n", true));
        put = file->put(server);
        QVERIFY(!put);
        QVERIFY2(put.error().contains(QStringLiteral("inline table")), qPrintable(put.error()));
        QCOMPARE(file->servers(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestMcpFormats)
#include "tst_mcpformats.moc"
