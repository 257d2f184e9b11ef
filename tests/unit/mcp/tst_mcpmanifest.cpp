// managed-mcp.json: the reference client's record of installed MCP servers, in its places and
// shape, edited without disturbing what else it holds.

#include "mcp/McpManifest.h"
#include "DataTable.h"
#include "TestCases.h"
#include "TestEnvironment.h"
#include "FileMode.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai::mcp;
using namespace teamai::test;

class TestMcpManifest : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void placesAndKeys()
    {
        QCOMPARE(McpManifest::userPath(), env->home() + QStringLiteral("/.teamai/managed-mcp.json"));
        // sha1("/tmp/mcpref/ws")[:12], as the reference named the folder for that workspace.
        QCOMPARE(McpManifest::workspaceId(QStringLiteral("/tmp/mcpref/ws")), QStringLiteral("22332f464d53"));
        QCOMPARE(McpManifest::projectPath(QStringLiteral("/w")), QStringLiteral("/w/.teamai/workspaces/%1/managed-mcp.json").arg(McpManifest::workspaceId(QStringLiteral("/w"))));
        QCOMPARE(McpManifest::key(QStringLiteral("claude"), false), QStringLiteral("claude"));
        QCOMPARE(McpManifest::key(QStringLiteral("claude"), true), QStringLiteral("claude:project"));
    }

    void recordsAsTheReferenceDoes()
    {
        // A file the reference wrote, with a key and a record field we do not know.
        const QByteArray theirs = "{\n  \"codex\": [\n    {\n      \"name\": \"web\",\n      \"hash\": \"h0\",\n      \"note\": 1\n    }\n  ]\n}\n";
        env->writeFile(QStringLiteral(".teamai/managed-mcp.json"), theirs);
        McpManifest::Loaded loaded = McpManifest::loadUser();
        QVERIFY2(loaded.manifest, qPrintable(loaded.error));
        McpManifest manifest = *loaded.manifest;
        QVERIFY(manifest.owns(QStringLiteral("codex"), QStringLiteral("web")));
        manifest.put(QStringLiteral("claude"), QStringLiteral("fs"), QStringLiteral("h1"));
        manifest.put(QStringLiteral("claude"), QStringLiteral("web"), QStringLiteral("h2"));
        manifest.put(QStringLiteral("claude"), QStringLiteral("fs"), QStringLiteral("h3"));  // replaced in place
        const teamai::Status saved = manifest.save();
        QVERIFY2(saved, qPrintable(saved.error()));
        QCOMPARE(env->readFile(QStringLiteral(".teamai/managed-mcp.json")),
                 QByteArray("{\n  \"codex\": [\n    {\n      \"name\": \"web\",\n      \"hash\": \"h0\",\n      \"note\": 1\n    }\n  ],\n"
                            "  \"claude\": [\n    {\n      \"name\": \"fs\",\n      \"hash\": \"h3\"\n    },\n"
                            "    {\n      \"name\": \"web\",\n      \"hash\": \"h2\"\n    }\n  ]\n}\n"));
        QCOMPARE(fileMode(McpManifest::userPath()), 0644);  // an existing file keeps its mode, as with the reference

        QVERIFY(manifest.remove(QStringLiteral("claude"), QStringLiteral("fs")));
        QVERIFY(!manifest.remove(QStringLiteral("claude"), QStringLiteral("fs")));
        QVERIFY(manifest.remove(QStringLiteral("claude"), QStringLiteral("web")));  // the key goes with its last record
        QVERIFY(manifest.save());
        QCOMPARE(env->readFile(QStringLiteral(".teamai/managed-mcp.json")), theirs);

        // A new file is owner-only.
        QVERIFY(QFile::remove(McpManifest::userPath()));
        McpManifest fresh = *McpManifest::loadUser().manifest;
        fresh.put(QStringLiteral("claude"), QStringLiteral("fs"), QStringLiteral("h"));
        QVERIFY(fresh.save());
        QCOMPARE(fileMode(McpManifest::userPath()), 0600);
        QCOMPARE(env->readFile(QStringLiteral(".teamai/managed-mcp.json")),
                 QByteArray("{\n  \"claude\": [\n    {\n      \"name\": \"fs\",\n      \"hash\": \"h\"\n    }\n  ]\n}\n"));
    }

    void aDamagedFileIsNeverWrittenOver_data() { loadTable(); }
    void aDamagedFileIsNeverWrittenOver()
    {
        QFETCH(QByteArray, bytes);
        env->writeFile(QStringLiteral(".teamai/managed-mcp.json"), bytes);
        const McpManifest::Loaded loaded = McpManifest::loadUser();
        QVERIFY(!loaded.manifest);
        QVERIFY2(loaded.error.startsWith(McpManifest::userPath()), qPrintable(loaded.error));
    }

    void projectRecordsOfAnOlderReferenceMoveOnSave()
    {
        const QString workspace = env->home() + QStringLiteral("/ws");
        QDir().mkpath(workspace);
        const QString id = McpManifest::workspaceId(workspace);
        env->writeFile(QStringLiteral("ws/.teamai/managed-mcp.json"),
                         QStringLiteral("{\"claude:project\": [{\"name\": \"a\", \"hash\": \"1\"}],"
                                        " \"cursor:project:%1\": [{\"name\": \"b\", \"hash\": \"2\"}],"
                                        " \"cursor:project:0123456789ab\": [{\"name\": \"other\", \"hash\": \"3\"}], \"claude\": []}")
                             .arg(id).toUtf8());
        McpManifest::Loaded loaded = McpManifest::loadProject(workspace);
        QVERIFY2(loaded.manifest, qPrintable(loaded.error));
        QVERIFY(loaded.manifest->owns(QStringLiteral("claude:project"), QStringLiteral("a")));
        QVERIFY(loaded.manifest->owns(QStringLiteral("cursor:project"), QStringLiteral("b")));
        QVERIFY(!loaded.manifest->owns(QStringLiteral("cursor:project"), QStringLiteral("other")));
        const teamai::Status saved = loaded.manifest->save();
        QVERIFY2(saved, qPrintable(saved.error()));
        const QJsonObject moved =
            QJsonDocument::fromJson(env->readFile(QStringLiteral("ws/.teamai/workspaces/%1/managed-mcp.json").arg(id))).object();
        QCOMPARE(moved.keys(), (QStringList{QStringLiteral("claude:project"), QStringLiteral("cursor:project")}));
        const QJsonObject left = QJsonDocument::fromJson(env->readFile(QStringLiteral("ws/.teamai/managed-mcp.json"))).object();
        QCOMPARE(left.keys(), (QStringList{QStringLiteral("claude"), QStringLiteral("cursor:project:0123456789ab")}));
        // The folders TeamAI made are owner-only.
        QCOMPARE(fileMode(workspace + QStringLiteral("/.teamai/workspaces")), 0700);
        QCOMPARE(fileMode(McpManifest::projectPath(workspace)), 0600);
    }
};

QTEST_GUILESS_MAIN(TestMcpManifest)
#include "tst_mcpmanifest.moc"
