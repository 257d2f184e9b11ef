// MCP servers shared with the reference client (issue 15 item 1): the reference (teamai-cli
// 0.25.0) and our `teamai` take turns on one HOME and one devserver; each sees what the other
// installed (manifest, report) and removes it, and neither touches the user's own server.
// For claude (~/.claude.json) and codex (~/.codex/config.toml).
#include "CompatFixture.h"
#include "DevServerProcess.h"
#include "ReferenceClient.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

// Laid out as JSON.stringify(…, null, 2) writes it, so the reference's rewrite keeps the bytes.
const QByteArray kClaudeJson = "{\n  \"theme\": \"dark\",\n  \"mcpServers\": {\n    \"mine\": {\n      \"command\": \"my-server\"\n    }\n  }\n}\n";
const QByteArray kCodexToml = "model = \"gpt-5\"\n\n[mcp_servers.mine]\ncommand = \"my-server\"\nargs = []\n\n[profiles.fast]\nmodel = \"mini\"\n";

QString configFileOf(const QString &tool)
{
    return tool == QLatin1String("codex") ? QStringLiteral(".codex/config.toml") : QStringLiteral(".claude.json");
}

QByteArray userFileOf(const QString &tool)
{
    return tool == QLatin1String("codex") ? kCodexToml : kClaudeJson;
}

QJsonObject install(qint64 id, const QString &slug)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("install_mcp")}, {QStringLiteral("slug"), slug},
                       {QStringLiteral("scope"), QStringLiteral("user")},
                       {QStringLiteral("mcp_config"), QJsonObject{{QStringLiteral("transport"), QStringLiteral("stdio")},
                                                                  {QStringLiteral("command"), QStringLiteral("npx")},
                                                                  {QStringLiteral("args"), QJsonArray{QStringLiteral("-y"), slug}},
                                                                  {QStringLiteral("env"), QJsonObject{{QStringLiteral("LEVEL"), QStringLiteral("1")}}}}}};
}

QJsonObject uninstall(qint64 id, const QString &slug)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("uninstall_mcp")}, {QStringLiteral("slug"), slug},
                       {QStringLiteral("scope"), QStringLiteral("user")}};
}

} // namespace

class TestCompatMcp : public QObject
{
    Q_OBJECT

    ReferenceClient m_reference;

    static void prepareHome(const TestEnvironment &env, const DevServerProcess &server, const QString &tool)
    {
        QDir().mkpath(env.home() + QStringLiteral("/.") + tool);
        env.writeFile(configFileOf(tool), userFileOf(tool));
        writeReferenceConfig(env, server);
    }

    /// The reference's session-start hook: report, then pull and run the queued commands; its
    /// detached children must be done before the next turn.
    bool runReference(const TestEnvironment &env, const QString &tool) const
    {
        return m_reference.sessionStart(env, tool, QStringLiteral("compat-mcp")).exited && waitForProcessesIn(env.home());
    }

    static QStringList managedNames(const TestEnvironment &env, const QString &tool)
    {
        QStringList names;
        const QJsonObject manifest = QJsonDocument::fromJson(env.readFile(QStringLiteral(".teamai/managed-mcp.json"))).object();
        for (const QJsonValue &record : manifest.value(tool).toArray())
            names.append(record.toObject().value(QStringLiteral("name")).toString());
        return names;
    }

    /// The servers the tool's file defines (codex: in file order; JSON: sorted).
    static QStringList serversIn(const TestEnvironment &env, const QString &tool)
    {
        const QByteArray bytes = env.readFile(configFileOf(tool));
        QStringList names;
        if (tool == QLatin1String("codex")) {
            for (const QByteArray &line : bytes.split('\n')) {
                if (line.startsWith("[mcp_servers.") && line.endsWith("]") && !line.contains(".env]"))
                    names.append(QString::fromUtf8(line.mid(13, line.size() - 14)));
            }
            return names;
        }
        return QJsonDocument::fromJson(bytes).object().value(QStringLiteral("mcpServers")).toObject().keys();
    }

    static QStringList reportedMcps(DevServerProcess &server)
    {
        QStringList slugs;
        const QJsonObject body = server.requests(QStringLiteral("report")).last().toObject().value(QStringLiteral("body")).toObject();
        for (const QJsonValue &entry : body.value(QStringLiteral("user_level")).toObject().value(QStringLiteral("mcps")).toArray())
            slugs.append(entry.toObject().value(QStringLiteral("slug")).toString());
        return slugs;
    }

    static void tools_data() { addToolRows({QStringLiteral("claude"), QStringLiteral("codex")}); }

private slots:
    void initTestCase() { m_reference.locate(); }

    void referenceInstallsWeSeeAndUninstall_data() { tools_data(); }
    void referenceInstallsWeSeeAndUninstall()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);

        server.queue(install(1, QStringLiteral("ref-fs")));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QCOMPARE(managedNames(env, tool), QStringList{QStringLiteral("ref-fs")});

        // Ours: reports the reference's server, installs its own next to it, refuses the user's.
        server.queue(QJsonArray{install(2, QStringLiteral("our-web")), install(3, QStringLiteral("mine"))});
        QVERIFY(ourSync(env, tool));
        QCOMPARE(reportedMcps(server), QStringList{QStringLiteral("ref-fs")});
        QVERIFY(ackedSuccess(server, 2));
        QCOMPARE(server.waitForAck(3, 60000).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(managedNames(env, tool), (QStringList{QStringLiteral("ref-fs"), QStringLiteral("our-web")}));

        // Ours removes the reference's; the reference removes ours: the user's file is as it was.
        server.queue(uninstall(4, QStringLiteral("ref-fs")));
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 4));
        QCOMPARE(serversIn(env, tool), (QStringList{QStringLiteral("mine"), QStringLiteral("our-web")}));
        server.queue(uninstall(5, QStringLiteral("our-web")));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 5));
        QCOMPARE(serversIn(env, tool), QStringList{QStringLiteral("mine")});
        QVERIFY(managedNames(env, tool).isEmpty());
        QCOMPARE(env.readFile(configFileOf(tool)), userFileOf(tool) + (tool == QLatin1String("codex") ? "\n" : ""));
    }

    void weInstallReferenceSeesAndUninstalls_data() { tools_data(); }
    void weInstallReferenceSeesAndUninstalls()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);

        server.queue(install(1, QStringLiteral("our-fs")));
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 1));

        // The reference reports ours, refuses to take the user's, and re-installs ours in place.
        server.queue(QJsonArray{install(2, QStringLiteral("mine")), install(3, QStringLiteral("our-fs"))});
        QVERIFY(runReference(env, tool));
        QCOMPARE(reportedMcps(server), QStringList{QStringLiteral("our-fs")});
        QCOMPARE(server.waitForAck(2, 60000).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(ackedSuccess(server, 3));
        QCOMPARE(serversIn(env, tool), (QStringList{QStringLiteral("mine"), QStringLiteral("our-fs")}));

        server.queue(uninstall(4, QStringLiteral("our-fs")));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 4));
        QCOMPARE(serversIn(env, tool), QStringList{QStringLiteral("mine")});
        QVERIFY(managedNames(env, tool).isEmpty());

        // Our next round has nothing of it left: uninstalling again is nothing to do.
        server.queue(uninstall(5, QStringLiteral("our-fs")));
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 5));
        QCOMPARE(serversIn(env, tool), QStringList{QStringLiteral("mine")});
    }
};

QTEST_GUILESS_MAIN(TestCompatMcp)
#include "tst_compat_mcp.moc"
