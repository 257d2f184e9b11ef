// MCP servers end to end: install_mcp / uninstall_mcp from the devserver, run by `teamai sync`
// in a temporary HOME, writing the tool's own MCP configuration (claude's ~/.claude.json, a
// workspace's .mcp.json, codex's config.toml, cursor's mcp.json) and managed-mcp.json, without
// touching what the user has there; and the report that follows.

#include "AgentTestCase.h"
#include "FileTree.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::test;

namespace {

// The user's ~/.claude.json: other keys, a number JavaScript would round, and a server of their own.
const QByteArray kClaudeJson = "{\n  \"numStartups\": 12345678901234567890,\n  \"theme\": \"dark\",\n"
                               "  \"mcpServers\": {\n    \"mine\": {\n      \"command\": \"my-server\"\n    }\n  },\n"
                               "  \"projects\": {\"/x\": {\"allowedTools\": []}}\n}\n";

const QByteArray kCodexToml = "# mine\nmodel = \"gpt-5\"\n\n[mcp_servers.mine]\ncommand = \"my-server\"\nargs = []\n\n"
                              "[profiles.fast]\nmodel = \"gpt-5-mini\"\n";

QJsonObject mcpCommand(qint64 id, bool install, const QString &slug, const QJsonObject &fields = {})
{
    QJsonObject command = fields;
    command.insert(QStringLiteral("id"), id);
    command.insert(QStringLiteral("type"), install ? QStringLiteral("install_mcp") : QStringLiteral("uninstall_mcp"));
    command.insert(QStringLiteral("slug"), slug);
    return command;
}

QJsonObject stdioConfig(const QString &command, const QStringList &args = {})
{
    return QJsonObject{{QStringLiteral("transport"), QStringLiteral("stdio")},
                       {QStringLiteral("command"), command},
                       {QStringLiteral("args"), QJsonArray::fromStringList(args)},
                       {QStringLiteral("env"), QJsonObject{{QStringLiteral("LOG_LEVEL"), QStringLiteral("info")}}}};
}

QJsonObject install(qint64 id, const QString &slug, const QJsonObject &config, const QJsonObject &fields = {})
{
    QJsonObject all = fields;
    all.insert(QStringLiteral("mcp_config"), config);
    return mcpCommand(id, true, slug, all);
}

} // namespace

class TestMcpEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QJsonObject json(const QString &relative) const { return QJsonDocument::fromJson(f->env().readFile(relative)).object(); }
    QJsonObject servers(const QString &relative = QStringLiteral(".claude.json")) const
    {
        return json(relative).value(QStringLiteral("mcpServers")).toObject();
    }
    QJsonObject manifest() const { return json(QStringLiteral(".teamai/managed-mcp.json")); }
    QString ackError(qint64 id) { return f->ackFor(id).value(QStringLiteral("error")).toString(); }
    bool ackOk(qint64 id) { return f->ackFor(id).value(QStringLiteral("status")).toString() == QLatin1String("success"); }
    bool ackFailed(qint64 id) { return f->ackFor(id).value(QStringLiteral("status")).toString() == QLatin1String("failed"); }
    QJsonObject lastReport() { return f->server().lastBody(QStringLiteral("report")); }
    bool syncTool(const QString &tool, const QStringList &environment = {})
    {
        return runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool}, {}, environment).exitCode == 0;
    }
    /// `teamai status --json`'s mcp_servers.installed rows.
    QJsonArray statusServers()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("status"), QStringLiteral("--json")});
        return QJsonDocument::fromJson(run.out).object().value(QStringLiteral("mcp_servers")).toObject().value(QStringLiteral("installed")).toArray();
    }
    void bindWorkspace(const QString &workspace)
    {
        QJsonObject config = json(QStringLiteral(".teamai/local-agent/config.json"));
        config.insert(QStringLiteral("workspaceBindings"),
                      QJsonObject{{workspace, QJsonObject{{QStringLiteral("projectId"), 7}, {QStringLiteral("ideType"), QStringLiteral("claude")},
                                                          {QStringLiteral("boundAt"), QStringLiteral("2026-01-01T00:00:00.000Z")}}}});
        f->env().writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
    }

    void setUp() override
    {
        f->env().writeFile(QStringLiteral(".claude.json"), kClaudeJson);
    }

private slots:
    void installReinstallReportUninstall()
    {
        f->server().queue(install(1, QStringLiteral("fs"), stdioConfig(QStringLiteral("npx"), {QStringLiteral("-y"), QStringLiteral("server-fs")}),
                                  {{QStringLiteral("version"), QStringLiteral("1.0")}, {QStringLiteral("scope"), QStringLiteral("user")}}));
        f->syncJson();
        QVERIFY2(ackOk(1), qPrintable(ackError(1)));
        QCOMPARE(f->ackFor(1).value(QStringLiteral("version")).toString(), QStringLiteral("1.0"));
        QCOMPARE(servers().value(QStringLiteral("fs")).toObject(),
                 (QJsonObject{{QStringLiteral("type"), QStringLiteral("stdio")}, {QStringLiteral("command"), QStringLiteral("npx")},
                              {QStringLiteral("args"), QJsonArray{QStringLiteral("-y"), QStringLiteral("server-fs")}},
                              {QStringLiteral("env"), QJsonObject{{QStringLiteral("LOG_LEVEL"), QStringLiteral("info")}}}}));
        QCOMPARE(servers().value(QStringLiteral("mine")).toObject().value(QStringLiteral("command")).toString(), QStringLiteral("my-server"));
        QVERIFY(f->env().readFile(QStringLiteral(".claude.json")).contains("12345678901234567890"));  // not rounded
        const QJsonArray records = manifest().value(QStringLiteral("claude")).toArray();
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("fs"));
        QCOMPARE(records.at(0).toObject().value(QStringLiteral("hash")).toString().size(), 16);

        // Re-install replaces ours, in place.
        f->server().queue(install(2, QStringLiteral("fs"), stdioConfig(QStringLiteral("uvx"), {QStringLiteral("server-fs==2")})));
        f->syncJson();
        QVERIFY2(ackOk(2), qPrintable(ackError(2)));
        QCOMPARE(servers().value(QStringLiteral("fs")).toObject().value(QStringLiteral("command")).toString(), QStringLiteral("uvx"));
        QCOMPARE(servers().keys(), (QStringList{QStringLiteral("fs"), QStringLiteral("mine")}));
        QCOMPARE(manifest().value(QStringLiteral("claude")).toArray().size(), 1);

        // The next report names it, as the reference does.
        f->syncJson();
        QCOMPARE(lastReport().value(QStringLiteral("user_level")).toObject().value(QStringLiteral("mcps")).toArray(),
                 (QJsonArray{QJsonObject{{QStringLiteral("slug"), QStringLiteral("fs")}, {QStringLiteral("source"), QStringLiteral("enterprise")}}}));
        // …and so does `teamai status`.
        QCOMPARE(statusServers(), (QJsonArray{QJsonObject{{QStringLiteral("tool"), QStringLiteral("claude")}, {QStringLiteral("scope"), QStringLiteral("user")},
                                                          {QStringLiteral("workspace"), QString()}, {QStringLiteral("servers"), QJsonArray{QStringLiteral("fs")}}}}));
        QVERIFY(runTeamai({QStringLiteral("status")}).out.contains("claude (user)  fs"));

        f->server().queue(mcpCommand(3, false, QStringLiteral("fs")));
        f->syncJson();
        QVERIFY2(ackOk(3), qPrintable(ackError(3)));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);  // byte for byte the user's file again
        QVERIFY(!manifest().contains(QStringLiteral("claude")));
        f->syncJson();
        QVERIFY(!lastReport().value(QStringLiteral("user_level")).toObject().contains(QStringLiteral("mcps")));
        QCOMPARE(statusServers(), QJsonArray());
    }

    void theUsersServersAreNeverTouched()
    {
        f->server().queue(QJsonArray{install(10, QStringLiteral("mine"), stdioConfig(QStringLiteral("evil"))),
                                     mcpCommand(11, false, QStringLiteral("mine")),
                                     mcpCommand(12, false, QStringLiteral("never-installed"))});
        f->syncJson();
        QVERIFY(ackFailed(10));
        QCOMPARE(ackError(10), QStringLiteral("install_mcp: server \"mine\" exists in claude config and is not managed by teamai"));
        QVERIFY2(ackOk(11), qPrintable(ackError(11)));  // not ours: nothing to do
        QVERIFY2(ackOk(12), qPrintable(ackError(12)));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);
        QVERIFY(manifest().value(QStringLiteral("claude")).toArray().isEmpty());
    }

    void killSwitchRefusesInstallsButNotUninstalls()
    {
        f->server().queue(install(20, QStringLiteral("fs"), stdioConfig(QStringLiteral("npx"))));
        f->syncJson();
        QVERIFY2(ackOk(20), qPrintable(ackError(20)));
        const QByteArray installed = f->env().readFile(QStringLiteral(".claude.json"));

        f->server().queue(QJsonArray{install(21, QStringLiteral("web"), QJsonObject{{QStringLiteral("transport"), QStringLiteral("http")},
                                                                                     {QStringLiteral("url"), QStringLiteral("https://mcp.example.com")}})});
        const QJsonObject result = f->syncJson({QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")});
        QCOMPARE(AgentFixture::commandIn(result, 21).value(QStringLiteral("outcome")).toString(), QStringLiteral("rejected"));
        QCOMPARE(ackError(21), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(historyRow(21).value(QStringLiteral("reason")).toString(), QStringLiteral("env"));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), installed);

        // The user's switch too; removing stays possible while it is off.
        QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode, 0);
        f->server().queue(QJsonArray{install(22, QStringLiteral("web2"), stdioConfig(QStringLiteral("x"))), mcpCommand(23, false, QStringLiteral("fs"))});
        f->syncJson();
        QCOMPARE(ackError(22), QStringLiteral("remote cmd disabled by client"));
        QVERIFY2(ackOk(23), qPrintable(ackError(23)));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);
    }

    void malformedCommandsAreAckedFailed_data()
    {
        QTest::addColumn<QJsonObject>("command");
        QTest::addColumn<QString>("error");
        QTest::newRow("no definition") << mcpCommand(30, true, QStringLiteral("fs")) << QStringLiteral("install_mcp: missing mcp_config");
        QTest::newRow("no slug") << install(30, QString(), stdioConfig(QStringLiteral("x"))) << QStringLiteral("install_mcp: missing slug");
        QTest::newRow("bad slug") << install(30, QStringLiteral("../fs"), stdioConfig(QStringLiteral("x"))) << QStringLiteral("Invalid resource slug: ../fs");
        QTest::newRow("bad transport") << install(30, QStringLiteral("fs"), {{QStringLiteral("transport"), QStringLiteral("websocket")}})
                                       << QStringLiteral("install_mcp: unsupported transport \"websocket\" for server \"fs\"");
        QTest::newRow("no command") << install(30, QStringLiteral("fs"), {{QStringLiteral("transport"), QStringLiteral("stdio")}})
                                    << QStringLiteral("install_mcp: server \"fs\" needs a command (stdio transport)");
        QTest::newRow("args") << install(30, QStringLiteral("fs"), {{QStringLiteral("transport"), QStringLiteral("stdio")}, {QStringLiteral("command"), QStringLiteral("x")},
                                                                    {QStringLiteral("args"), QStringLiteral("-y")}})
                              << QStringLiteral("install_mcp: args of server \"fs\" must be an array of strings");
        QTest::newRow("env") << install(30, QStringLiteral("fs"), {{QStringLiteral("transport"), QStringLiteral("stdio")}, {QStringLiteral("command"), QStringLiteral("x")},
                                                                   {QStringLiteral("env"), QJsonObject{{QStringLiteral("PORT"), 80}}}})
                             << QStringLiteral("install_mcp: env of server \"fs\" must be an object of strings");
        QTest::newRow("url scheme") << install(30, QStringLiteral("fs"), {{QStringLiteral("transport"), QStringLiteral("sse")}, {QStringLiteral("url"), QStringLiteral("file:///etc/passwd")}})
                                    << QStringLiteral("install_mcp: unsupported url scheme \"file:\" for server \"fs\"");
    }
    void malformedCommandsAreAckedFailed()
    {
        QFETCH(QJsonObject, command);
        QFETCH(QString, error);
        f->server().queue(command);
        f->syncJson();
        QVERIFY(ackFailed(30));
        QCOMPARE(ackError(30), error);
        QCOMPARE(historyRow(30).value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);
        QVERIFY(!QFile::exists(f->env().teamaiHome() + QStringLiteral("/managed-mcp.json")));
    }

    void projectScopeOnlyForBoundWorkspaces()
    {
        const QString workspace = f->env().home() + QStringLiteral("/work/app");
        QVERIFY(QDir().mkpath(workspace));
        const QJsonObject fields{{QStringLiteral("scope"), QStringLiteral("project")}, {QStringLiteral("workspace_path"), workspace}};
        f->server().queue(install(40, QStringLiteral("db"), stdioConfig(QStringLiteral("db-mcp")), fields));
        f->syncJson();
        QCOMPARE(ackError(40), QStringLiteral("Workspace is not bound to this agent: %1").arg(workspace));
        QVERIFY(!QFile::exists(workspace + QStringLiteral("/.mcp.json")));

        bindWorkspace(workspace);
        f->server().queue(install(41, QStringLiteral("db"), stdioConfig(QStringLiteral("db-mcp")), fields));
        f->syncJson();
        QVERIFY2(ackOk(41), qPrintable(ackError(41)));
        const QJsonObject project = QJsonDocument::fromJson(f->env().readFile(QStringLiteral("work/app/.mcp.json"))).object();
        QCOMPARE(project.value(QStringLiteral("mcpServers")).toObject().value(QStringLiteral("db")).toObject().value(QStringLiteral("command")).toString(),
                 QStringLiteral("db-mcp"));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);  // user scope untouched
        // The reference's per-workspace manifest: <ws>/.teamai/workspaces/<sha1(ws)[:12]>/managed-mcp.json.
        const QString id = QString::fromLatin1(QCryptographicHash::hash(QFileInfo(workspace).canonicalFilePath().toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
        const QJsonObject projectManifest = QJsonDocument::fromJson(
            f->env().readFile(QStringLiteral("work/app/.teamai/workspaces/%1/managed-mcp.json").arg(id))).object();
        QCOMPARE(projectManifest.value(QStringLiteral("claude:project")).toArray().at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("db"));

        f->syncJson();
        bool reported = false;
        for (const QJsonValue &entry : lastReport().value(QStringLiteral("workspaces")).toArray()) {
            if (entry.toObject().value(QStringLiteral("path")).toString() == QFileInfo(workspace).canonicalFilePath())
                reported = entry.toObject().value(QStringLiteral("mcps")).toArray().at(0).toObject().value(QStringLiteral("slug")).toString() == QLatin1String("db");
        }
        QVERIFY(reported);
        const QJsonArray rows = statusServers();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("scope")).toString(), QStringLiteral("project"));
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("workspace")).toString(), QFileInfo(workspace).canonicalFilePath());
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("servers")).toArray(), QJsonArray{QStringLiteral("db")});

        f->server().queue(mcpCommand(42, false, QStringLiteral("db"), fields));
        f->syncJson();
        QVERIFY2(ackOk(42), qPrintable(ackError(42)));
        QCOMPARE(f->env().readFile(QStringLiteral("work/app/.mcp.json")), QByteArray("{\n  \"mcpServers\": {}\n}\n"));
    }

    void codexGetsItsTomlBlock()
    {
        f->env().writeFile(QStringLiteral(".codex/config.toml"), kCodexToml);
        f->server().queue(QJsonArray{
            install(50, QStringLiteral("fs"), stdioConfig(QStringLiteral("npx"), {QStringLiteral("server-fs")})),
            install(51, QStringLiteral("web"), {{QStringLiteral("transport"), QStringLiteral("http")}, {QStringLiteral("url"), QStringLiteral("https://mcp.example.com/mcp")},
                                                {QStringLiteral("headers"), QJsonObject{{QStringLiteral("Authorization"), QStringLiteral("Bearer ${MCP_TOKEN}")}}}}),
            install(52, QStringLiteral("events"), {{QStringLiteral("transport"), QStringLiteral("sse")}, {QStringLiteral("url"), QStringLiteral("https://mcp.example.com/sse")}}),
            install(53, QStringLiteral("mine"), stdioConfig(QStringLiteral("evil")))});
        QVERIFY(syncTool(QStringLiteral("codex")));
        QVERIFY2(ackOk(50), qPrintable(ackError(50)));
        QVERIFY2(ackOk(51), qPrintable(ackError(51)));
        QCOMPARE(ackError(52), QStringLiteral("install_mcp: tool \"codex\" does not support sse transport"));
        QCOMPARE(ackError(53), QStringLiteral("install_mcp: server \"mine\" exists in codex config and is not managed by teamai"));
        QCOMPARE(f->env().readFile(QStringLiteral(".codex/config.toml")),
                 kCodexToml + "\n[mcp_servers.fs]\ncommand = \"npx\"\nargs = [\"server-fs\"]\n\n[mcp_servers.fs.env]\nLOG_LEVEL = \"info\"\n"
                              "\n[mcp_servers.web]\nurl = \"https://mcp.example.com/mcp\"\nbearer_token_env_var = \"MCP_TOKEN\"\n");
        QCOMPARE(manifest().value(QStringLiteral("codex")).toArray().size(), 2);

        f->server().queue(QJsonArray{mcpCommand(54, false, QStringLiteral("fs")), mcpCommand(55, false, QStringLiteral("web"))});
        QVERIFY(syncTool(QStringLiteral("codex")));
        QVERIFY(ackOk(54));
        QVERIFY(ackOk(55));
        QCOMPARE(f->env().readFile(QStringLiteral(".codex/config.toml")), kCodexToml + "\n");
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);
    }

    void teamaiUninstallRemovesOurServersOnly()
    {
        const QString workspace = f->env().home() + QStringLiteral("/work/app");
        QVERIFY(QDir().mkpath(workspace));
        bindWorkspace(workspace);
        f->env().writeFile(QStringLiteral("work/app/.mcp.json"), "{\"mcpServers\": {\"team-own\": {\"command\": \"t\"}}}\n");
        f->server().queue(QJsonArray{install(70, QStringLiteral("fs"), stdioConfig(QStringLiteral("npx"))),
                                     install(71, QStringLiteral("db"), stdioConfig(QStringLiteral("db-mcp")),
                                             {{QStringLiteral("scope"), QStringLiteral("project")}, {QStringLiteral("workspace_path"), workspace}})});
        f->syncJson();
        QVERIFY2(ackOk(70), qPrintable(ackError(70)));
        QVERIFY2(ackOk(71), qPrintable(ackError(71)));

        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--agent"), QStringLiteral("claude"), QStringLiteral("--force")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("Removed claude MCP server fs"), run.out.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kClaudeJson);
        QCOMPARE(f->env().readFile(QStringLiteral("work/app/.mcp.json")), QByteArray("{\"mcpServers\": {\"team-own\": {\"command\": \"t\"}}}\n"));
    }

    void noWriteThroughALinkOutOfTheToolsFolder()
    {
        // ~/.cursor/mcp.json is a link to a file outside HOME: never written through.
        QTemporaryDir outside;
        const QString target = outside.filePath(QStringLiteral("mcp.json"));
        QVERIFY(writeFileAt(target, "{}"));
        QVERIFY(QDir().mkpath(f->env().home() + QStringLiteral("/.cursor")));
        QVERIFY(QFile::link(target, f->env().home() + QStringLiteral("/.cursor/mcp.json")));
        f->server().queue(install(60, QStringLiteral("fs"), stdioConfig(QStringLiteral("npx"))));
        QVERIFY(syncTool(QStringLiteral("cursor")));
        QVERIFY(ackFailed(60));
        QVERIFY2(ackError(60).contains(QStringLiteral("through a link")), qPrintable(ackError(60)));
        QFile check(target);
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("{}"));
        QVERIFY(!manifest().contains(QStringLiteral("cursor")));
    }
};

QTEST_GUILESS_MAIN(TestMcpEndToEnd)
#include "tst_mcp_e2e.moc"
