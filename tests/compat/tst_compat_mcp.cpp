// MCP servers shared with the reference client (issue 15 item 1): the reference (teamai-cli
// 0.25.0) and our `teamai` take turns on one HOME and one devserver; each sees what the other
// installed (manifest, report) and removes it, and neither touches the user's own server.
// For claude (~/.claude.json) and codex (~/.codex/config.toml).
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "JsonLookup.h"
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

class TestCompatMcp : public CompatTestCase
{
    Q_OBJECT

public:
    TestCompatMcp()
        : CompatTestCase({QStringLiteral("claude"), QStringLiteral("codex")})
    {
    }

private:
    void setUpHome() override
    {
        QDir().mkpath(env().home() + QStringLiteral("/.") + tool());
        env().writeFile(configFileOf(tool()), userFileOf(tool()));
        writeReferenceConfig(env(), server());
    }

    /// The reference's session-start hook: report, then pull and run the queued commands; its
    /// detached children must be done before the next turn.
    bool runReference() const
    {
        return reference().sessionStart(env(), tool(), QStringLiteral("compat-mcp")).exited && waitForProcessesIn(env().home());
    }

    /// @p command queued, then the reference's turn (or ours): true when it succeeded.
    bool referenceRuns(const QJsonObject &command) const
    {
        server().queue(command);
        return runReference() && ackedSuccess(command.value(QStringLiteral("id")).toInteger());
    }
    bool weRun(const QJsonObject &command) const
    {
        server().queue(command);
        return ourSync() && ackedSuccess(command.value(QStringLiteral("id")).toInteger());
    }

    QStringList managedNames()
    {
        const QJsonObject manifest = QJsonDocument::fromJson(env().readFile(QStringLiteral(".teamai/managed-mcp.json"))).object();
        return stringsOf(manifest.value(tool()).toArray(), QStringLiteral("name"));
    }

    /// The servers the tool's file defines (codex: in file order; JSON: sorted).
    QStringList serversIn()
    {
        const QByteArray bytes = env().readFile(configFileOf(tool()));
        QStringList names;
        if (tool() == QLatin1String("codex")) {
            for (const QByteArray &line : bytes.split('\n')) {
                if (line.startsWith("[mcp_servers.") && line.endsWith("]") && !line.contains(".env]"))
                    names.append(QString::fromUtf8(line.mid(13, line.size() - 14)));
            }
            return names;
        }
        return QJsonDocument::fromJson(bytes).object().value(QStringLiteral("mcpServers")).toObject().keys();
    }

    QStringList reportedMcps()
    {
        const QJsonObject body = server().lastBody(QStringLiteral("report"));
        return stringsOf(body.value(QStringLiteral("user_level")).toObject().value(QStringLiteral("mcps")).toArray(), QStringLiteral("slug"));
    }

private slots:
    void referenceInstallsWeSeeAndUninstall()
    {
        QVERIFY(referenceRuns(install(1, QStringLiteral("ref-fs"))));
        QCOMPARE(managedNames(), QStringList{QStringLiteral("ref-fs")});

        // Ours: reports the reference's server, installs its own next to it, refuses the user's.
        server().queue(QJsonArray{install(2, QStringLiteral("our-web")), install(3, QStringLiteral("mine"))});
        QVERIFY(ourSync());
        QCOMPARE(reportedMcps(), QStringList{QStringLiteral("ref-fs")});
        QVERIFY(ackedSuccess(2));
        QCOMPARE(server().waitForAck(3, 60000).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(managedNames(), (QStringList{QStringLiteral("ref-fs"), QStringLiteral("our-web")}));

        // Ours removes the reference's; the reference removes ours: the user's file is as it was.
        QVERIFY(weRun(uninstall(4, QStringLiteral("ref-fs"))));
        QCOMPARE(serversIn(), (QStringList{QStringLiteral("mine"), QStringLiteral("our-web")}));
        QVERIFY(referenceRuns(uninstall(5, QStringLiteral("our-web"))));
        QCOMPARE(serversIn(), QStringList{QStringLiteral("mine")});
        QVERIFY(managedNames().isEmpty());
        QCOMPARE(env().readFile(configFileOf(tool())), userFileOf(tool()) + (tool() == QLatin1String("codex") ? "\n" : ""));
    }

    void weInstallReferenceSeesAndUninstalls()
    {
        QVERIFY(weRun(install(1, QStringLiteral("our-fs"))));

        // The reference reports ours, refuses to take the user's, and re-installs ours in place.
        server().queue(QJsonArray{install(2, QStringLiteral("mine")), install(3, QStringLiteral("our-fs"))});
        QVERIFY(runReference());
        QCOMPARE(reportedMcps(), QStringList{QStringLiteral("our-fs")});
        QCOMPARE(server().waitForAck(2, 60000).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(ackedSuccess(3));
        QCOMPARE(serversIn(), (QStringList{QStringLiteral("mine"), QStringLiteral("our-fs")}));

        QVERIFY(referenceRuns(uninstall(4, QStringLiteral("our-fs"))));
        QCOMPARE(serversIn(), QStringList{QStringLiteral("mine")});
        QVERIFY(managedNames().isEmpty());

        // Our next round has nothing of it left: uninstalling again is nothing to do.
        QVERIFY(weRun(uninstall(5, QStringLiteral("our-fs"))));
        QCOMPARE(serversIn(), QStringList{QStringLiteral("mine")});
    }
};

QTEST_GUILESS_MAIN(TestCompatMcp)
#include "tst_compat_mcp.moc"
