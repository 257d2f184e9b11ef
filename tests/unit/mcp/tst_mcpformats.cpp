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
        QString error;
        std::unique_ptr<McpConfigFile> file = McpConfigFile::open(format, false, data(tool + QStringLiteral("-before") + ext), true, &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(file->servers(), QStringList{QStringLiteral("mine")});
        for (const McpServer &server : serversIn(QStringLiteral("install-commands.json"))) {
            QString hash;
            QVERIFY2(file->put(server, &hash, &error), qPrintable(error));
            QCOMPARE(hash, referenceHash(QStringLiteral("managed-mcp-installed.json"), tool, server.name));
        }
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-installed") + ext));
        QCOMPARE(file->servers(), (QStringList{QStringLiteral("mine"), QStringLiteral("fs"), QStringLiteral("web")}));

        file->remove(QStringLiteral("fs"));
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-uninstalled") + ext));

        // Read back from the reference's file: the same servers, and a re-install changes nothing.
        file = McpConfigFile::open(format, false, data(tool + QStringLiteral("-installed") + ext), true, &error);
        QVERIFY(file);
        QString hash;
        QVERIFY(file->put(serversIn(QStringLiteral("install-commands.json")).at(0), &hash, &error));
        QCOMPARE(file->bytes(), data(tool + QStringLiteral("-installed") + ext));
    }

    void newFilesAreWhatTheReferenceWrites()
    {
        // A missing file: `{"mcpServers": {…}}` + newline, as JSON.stringify(…, null, 2) writes it.
        QString error;
        std::unique_ptr<McpConfigFile> file = McpConfigFile::open(McpFormat::Claude, false, {}, false, &error);
        QVERIFY(file);
        QString hash;
        McpServer server;
        server.name = QStringLiteral("fs");
        server.command = QStringLiteral("npx");
        QVERIFY(file->put(server, &hash, &error));
        QCOMPARE(file->bytes(), QByteArray("{\n  \"mcpServers\": {\n    \"fs\": {\n      \"type\": \"stdio\",\n      \"command\": \"npx\"\n    }\n  }\n}\n"));

        // Copilot's project file may be bare (servers at the top) when it exists without the key.
        file = McpConfigFile::open(McpFormat::Copilot, true, "{\"other\": {\"type\": \"local\"}}", true, &error);
        QVERIFY(file);
        QCOMPARE(file->servers(), QStringList{QStringLiteral("other")});
        QVERIFY(file->put(server, &hash, &error));
        QVERIFY(QJsonDocument::fromJson(file->bytes()).object().contains(QStringLiteral("fs")));
        file = McpConfigFile::open(McpFormat::Copilot, true, {}, false, &error);
        QVERIFY(file->put(server, &hash, &error));
        QVERIFY(QJsonDocument::fromJson(file->bytes()).object().value(QStringLiteral("mcpServers")).toObject().contains(QStringLiteral("fs")));

        // Codex: an empty config.toml gets just the block.
        file = McpConfigFile::open(McpFormat::Codex, false, {}, false, &error);
        QVERIFY(file->put(server, &hash, &error));
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
        QString error;
        QVERIFY(!McpConfigFile::open(McpFormat(format), false, bytes, true, &error));
        QVERIFY(!error.isEmpty());
    }

    void codexRefusesWhatItCannotHold()
    {
        QString error;
        QString hash;
        McpServer server;
        server.name = QStringLiteral("my.server");
        server.command = QStringLiteral("x");
        std::unique_ptr<McpConfigFile> file = McpConfigFile::open(McpFormat::Codex, false, {}, false, &error);
        QVERIFY(!file->put(server, &hash, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be a Codex table name")), qPrintable(error));
        server.name = QStringLiteral("fs");
        file = McpConfigFile::open(McpFormat::Codex, false, "mcp_servers = { other = { command = \"y\" } }\n", true, &error);
        QVERIFY(!file->put(server, &hash, &error));
        QVERIFY2(error.contains(QStringLiteral("inline table")), qPrintable(error));
        QCOMPARE(file->servers(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestMcpFormats)
#include "tst_mcpformats.moc"
