// `teamai init --mcp` end to end (issue 17 item 2): our own MCP server (`teamai mcp`, stdio, by the
// absolute path of teamai) registered as `teamai` in each chosen agent's own MCP configuration,
// recorded in ~/.teamai/local-agent/mcp-registration.json and never in managed-mcp.json (nor in
// the report's `mcps`); a `teamai` entry that is the user's is left alone; uninstall removes ours.

#include "AgentTestCase.h"

#include "mcp/McpConfigFile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QByteArray kClaudeJson = "{\n  \"numStartups\": 12345678901234567890,\n  \"theme\": \"dark\",\n"
                               "  \"mcpServers\": {\n    \"mine\": {\n      \"command\": \"my-server\"\n    }\n  }\n}\n";
const QByteArray kCodexToml = "# mine\nmodel = \"gpt-5\"\n\n[mcp_servers.mine]\ncommand = \"my-server\"\n";
const QByteArray kUsersTeamai = "{\n  \"mcpServers\": {\n    \"teamai\": {\n      \"command\": \"/opt/my/teamai\"\n    }\n  }\n}\n";

bool isTeamaiBinary(const QString &path)
{
    const QFileInfo built(builtBinary("TEAMAI_BIN"));
    return QFileInfo(path).isAbsolute() && QFileInfo(path).canonicalFilePath() == built.canonicalFilePath();
}

} // namespace

class TestMcpRegistrationEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    TeamaiRun initMcp(const QString &agents)
    {
        return runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                          DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                          QStringLiteral("--agent"), agents, QStringLiteral("--mcp")});
    }
    QJsonObject json(const QString &relative) const { return QJsonDocument::fromJson(f->env().readFile(relative)).object(); }
    QJsonObject claudeServers() const { return json(QStringLiteral(".claude.json")).value(QStringLiteral("mcpServers")).toObject(); }
    QJsonObject record() const { return json(QStringLiteral(".teamai/local-agent/mcp-registration.json")); }
    QString codexToml() const { return QString::fromUtf8(f->env().readFile(QStringLiteral(".codex/config.toml"))); }
    bool reportListsTeamai()
    {
        const QJsonArray reports = f->server().requests(QStringLiteral("report"));
        if (reports.isEmpty())
            return false;
        const QJsonObject body = reports.last().toObject().value(QStringLiteral("body")).toObject();
        return QString::fromUtf8(QJsonDocument(body.value(QStringLiteral("user_level")).toObject().value(QStringLiteral("mcps")).toArray())
                                     .toJson()).contains(QLatin1String("teamai"));
    }

    void setUp() override
    {
        f->env().writeFile(QStringLiteral(".claude.json"), kClaudeJson);
        f->env().writeFile(QStringLiteral(".codex/config.toml"), kCodexToml);
    }

private slots:
    void registersOursReplacesItAndUninstallRemovesIt()
    {
        const TeamaiRun run = initMcp(QStringLiteral("claude,codex"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject entry = claudeServers().value(QStringLiteral("teamai")).toObject();
        QCOMPARE(entry.value(QStringLiteral("type")).toString(), QStringLiteral("stdio"));
        QVERIFY2(isTeamaiBinary(entry.value(QStringLiteral("command")).toString()), qPrintable(entry.value(QStringLiteral("command")).toString()));
        // The server is told which agent it serves (isolation: it shows that agent's commands).
        QCOMPARE(entry.value(QStringLiteral("args")).toArray(),
                 (QJsonArray{QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("claude")}));
        // The user's keys and servers stay, the big number byte for byte.
        QVERIFY(f->env().readFile(QStringLiteral(".claude.json")).contains("\"numStartups\": 12345678901234567890"));
        QCOMPARE(claudeServers().keys(), (QStringList{QStringLiteral("mine"), QStringLiteral("teamai")}));
        // Codex: its TOML block, the user's table and comment kept.
        QVERIFY2(codexToml().contains(QLatin1String("[mcp_servers.teamai]\ncommand = \"")), qPrintable(codexToml()));
        QVERIFY2(codexToml().contains(QLatin1String("args = [\"mcp\", \"--tool\", \"codex\"]")), qPrintable(codexToml()));
        QVERIFY(codexToml().startsWith(QLatin1String("# mine\nmodel = \"gpt-5\"\n\n[mcp_servers.mine]\ncommand = \"my-server\"\n")));
        // Recorded in our own file, owner-only; not in managed-mcp.json.
        QCOMPARE(record().keys(), (QStringList{QStringLiteral("claude"), QStringLiteral("codex")}));
        QCOMPARE(record().value(QStringLiteral("claude")).toObject().value(QStringLiteral("hash")).toString().size(), 16);
        QCOMPARE(QFile(f->env().home() + QStringLiteral("/.teamai/local-agent/mcp-registration.json")).permissions() & 0x0077, 0);
        QVERIFY(!f->env().readFile(QStringLiteral(".teamai/managed-mcp.json")).contains("teamai"));

        // `teamai status` names it apart from the backend's servers.
        const QJsonObject status = QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out).object();
        const QJsonObject statusServers = status.value(QStringLiteral("mcp_servers")).toObject();
        QCOMPARE(statusServers.value(QStringLiteral("installed")).toArray(), QJsonArray());
        QCOMPARE(statusServers.value(QStringLiteral("teamai_registered")).toArray().size(), 2);
        QCOMPARE(statusServers.value(QStringLiteral("teamai_registered")).toArray().at(0).toObject().value(QStringLiteral("tool")).toString(),
                 QStringLiteral("claude"));
        QVERIFY(runTeamai({QStringLiteral("status")}).out.contains("claude  teamai (ours, `teamai init --mcp`) in "));

        // The report does not name it (it would be an enterprise server).
        QVERIFY(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}).exitCode == 0);
        QVERIFY(!f->server().requests(QStringLiteral("report")).isEmpty());
        QVERIFY(!reportListsTeamai());

        // Re-running replaces ours (say the binary moved: the record's command is what counts).
        const TeamaiRun again = initMcp(QStringLiteral("claude,codex"));
        QVERIFY2(again.out.contains("claude: Replaced the teamai MCP server"), again.out.constData());
        QVERIFY2(again.out.contains("codex: Replaced the teamai MCP server"), again.out.constData());
        QCOMPARE(codexToml().count(QLatin1String("[mcp_servers.teamai]")), 1);

        const TeamaiRun dry = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--dry-run")});
        QVERIFY2(dry.out.contains("claude: the teamai MCP server init --mcp registered in "), dry.out.constData());
        QVERIFY(claudeServers().contains(QStringLiteral("teamai")));

        const TeamaiRun codexOnly = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--tool"), QStringLiteral("codex"), QStringLiteral("--force")});
        QVERIFY2(codexOnly.exitCode == 0, codexOnly.err.constData());
        QVERIFY(!codexToml().contains(QLatin1String("teamai")));
        QVERIFY(codexToml().contains(QLatin1String("[mcp_servers.mine]")));
        QCOMPARE(record().keys(), QStringList{QStringLiteral("claude")});

        const TeamaiRun full = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QVERIFY2(full.exitCode == 0, full.err.constData());
        QCOMPARE(claudeServers().keys(), QStringList{QStringLiteral("mine")});
        QVERIFY(!QFile::exists(f->env().home() + QStringLiteral("/.teamai/local-agent/mcp-registration.json")));
    }

    void aRegistrationFromBeforeToolIsStillOursAndGetsIt()
    {
        // What init --mcp wrote before `--tool` existed: args ["mcp"] and a record without args
        // whose hash is that entry's.
        QVERIFY(initMcp(QStringLiteral("claude")).exitCode == 0);
        const QString teamai = claudeServers().value(QStringLiteral("teamai")).toObject().value(QStringLiteral("command")).toString();
        teamai::mcp::McpServer legacy;
        legacy.name = QStringLiteral("teamai");
        legacy.command = teamai;
        legacy.args = QStringList{QStringLiteral("mcp")};
        // Written the way the old init wrote it: the config file writer putting that entry.
        const teamai::Result<std::unique_ptr<teamai::mcp::McpConfigFile>> file = teamai::mcp::McpConfigFile::open(
            teamai::McpFormat::Claude, false, f->env().readFile(QStringLiteral(".claude.json")), true);
        QVERIFY2(file, qPrintable(file.error()));
        const teamai::Result<QString> hash = (*file)->put(legacy);
        QVERIFY2(hash, qPrintable(hash.error()));
        f->env().writeFile(QStringLiteral(".claude.json"), (*file)->bytes());
        QJsonObject rec = record();
        QJsonObject claude = rec.value(QStringLiteral("claude")).toObject();
        claude.remove(QStringLiteral("args"));
        claude.insert(QStringLiteral("hash"), *hash);
        rec.insert(QStringLiteral("claude"), claude);
        f->env().writeFile(QStringLiteral(".teamai/local-agent/mcp-registration.json"), QJsonDocument(rec).toJson());

        // Init again: recognised as ours and replaced by the entry with --tool.
        const TeamaiRun again = initMcp(QStringLiteral("claude"));
        QVERIFY2(again.out.contains("claude: Replaced the teamai MCP server"), again.out.constData());
        QCOMPARE(claudeServers().value(QStringLiteral("teamai")).toObject().value(QStringLiteral("args")).toArray(),
                 (QJsonArray{QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("claude")}));
        QCOMPARE(record().value(QStringLiteral("claude")).toObject().value(QStringLiteral("args")).toArray(),
                 (QJsonArray{QStringLiteral("mcp"), QStringLiteral("--tool"), QStringLiteral("claude")}));
    }

    void theUsersTeamaiEntryIsNeverTouched()
    {
        f->env().writeFile(QStringLiteral(".claude.json"), kUsersTeamai);
        const TeamaiRun run = initMcp(QStringLiteral("claude"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("already has an MCP server named teamai that is not TeamAI's registration; left as it is"), run.out.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kUsersTeamai);
        QVERIFY(!record().contains(QStringLiteral("claude")));
        QVERIFY(runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")}).exitCode == 0);
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), kUsersTeamai);
    }

    void oursChangedByTheUserBecomesTheirs()
    {
        QVERIFY(initMcp(QStringLiteral("claude")).exitCode == 0);
        QJsonObject all = json(QStringLiteral(".claude.json"));
        QJsonObject servers = all.value(QStringLiteral("mcpServers")).toObject();
        servers.insert(QStringLiteral("teamai"), QJsonObject{{QStringLiteral("command"), QStringLiteral("/opt/my/teamai")}});
        all.insert(QStringLiteral("mcpServers"), servers);
        f->env().writeFile(QStringLiteral(".claude.json"), QJsonDocument(all).toJson());
        const QByteArray edited = f->env().readFile(QStringLiteral(".claude.json"));

        const TeamaiRun again = initMcp(QStringLiteral("claude"));
        QVERIFY2(again.out.contains("not TeamAI's registration; left as it is"), again.out.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), edited);
        const TeamaiRun full = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QVERIFY2(full.exitCode == 0, full.err.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude.json")), edited);
    }
};

QTEST_GUILESS_MAIN(TestMcpRegistrationEndToEnd)
#include "tst_mcp_registration_e2e.moc"
