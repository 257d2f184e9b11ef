// apply_model_config end to end (issue 15 item 2): the devserver pushes model configurations and
// the real `teamai sync` configures the tool's gateway — claude's settings.json env and profile,
// codebuddy's models.json — re-applies, increments, removes exactly ours on an empty snapshot,
// leaves the user's values alone (in the file and in the environment) and says so in the ack,
// obeys the kill switch, acks malformed commands failed, and keeps the API key out of every file
// of its own (logs, ledger, records).
#include "AgentTestCase.h"

#include "commands/Command.h"
#include "identity/AgentIdentity.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QString kSettings = QStringLiteral(".claude/settings.json");
const QString kProfile = QStringLiteral(".claude/teamai-models.json");
const QString kCodebuddyModels = QStringLiteral(".codebuddy/models.json");
const QString kKeyA = QStringLiteral("sk-e2e-AAAA-0123456789abcdef");
const QString kKeyB = QStringLiteral("sk-e2e-BBBB-0123456789abcdef");

QJsonObject model(const QString &id, const QString &url, const QString &key)
{
    return {{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), id},
            {QStringLiteral("name"), id.toUpper()}, {QStringLiteral("base_url"), url}, {QStringLiteral("api_key"), key}};
}

QJsonObject modelCommand(qint64 id, const QJsonValue &cmd, const QJsonObject &extra = {})
{
    QJsonObject command = extra;
    command.insert(QStringLiteral("id"), id);
    command.insert(QStringLiteral("type"), QStringLiteral("apply_model_config"));
    command.insert(QStringLiteral("cmd"), cmd.isString() ? cmd
                                          : QJsonValue(QString::fromUtf8(cmd.isArray() ? QJsonDocument(cmd.toArray()).toJson(QJsonDocument::Compact)
                                                                                       : QJsonDocument(cmd.toObject()).toJson(QJsonDocument::Compact))));
    return command;
}

QJsonObject snapshot(const QJsonArray &models)
{
    return {{QStringLiteral("models"), models}};
}

} // namespace

class TestModelConfigEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QJsonObject claudeEnv() const
    {
        return QJsonDocument::fromJson(f->env().readFile(kSettings)).object().value(QStringLiteral("env")).toObject();
    }
    QJsonObject syncAndAck(qint64 id, const QString &tool = QStringLiteral("claude"), const QStringList &env = {})
    {
        const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool, QStringLiteral("--json")}, {}, env);
        if (run.exitCode != 0)
            qWarning("sync: %s %s", run.out.constData(), run.err.constData());
        return f->ackFor(id);
    }
    void bindWorkspace(const QString &workspace)
    {
        QJsonObject config = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object();
        config.insert(QStringLiteral("workspaceBindings"),
                      QJsonObject{{workspace, QJsonObject{{QStringLiteral("projectId"), QStringLiteral("p1")},
                                                          {QStringLiteral("boundAt"), QStringLiteral("2026-01-01T00:00:00Z")}}}});
        f->env().writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
    }
    static bool isSuccess(const QJsonObject &ack) { return ack.value(QStringLiteral("status")).toString() == QLatin1String("success"); }
    static QString errorOf(const QJsonObject &ack) { return ack.value(QStringLiteral("error")).toString(); }

private slots:
    void applyThenReapplyReplaces()
    {
        f->env().writeFile(kSettings, "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"FOO\": \"bar\"\n  }\n}\n");
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("acme-large"), QStringLiteral("http://127.0.0.1:9/v1"), kKeyA)})));
        const QJsonObject ack = syncAndAck(1);
        QVERIFY2(isSuccess(ack), qPrintable(errorOf(ack)));
        QCOMPARE(errorOf(ack), QString());
        QJsonObject env = claudeEnv();
        QCOMPARE(env.value(QStringLiteral("ANTHROPIC_BASE_URL")).toString(), QStringLiteral("http://127.0.0.1:9"));
        QCOMPARE(env.value(QStringLiteral("ANTHROPIC_AUTH_TOKEN")).toString(), kKeyA);
        QCOMPARE(env.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION")).toString(), QStringLiteral("acme-large"));
        QCOMPARE(env.value(QStringLiteral("FOO")).toString(), QStringLiteral("bar"));
        QVERIFY(f->env().readFile(kProfile).contains(kKeyA.toUtf8()));
        QCOMPARE(QFile::permissions(f->env().home() + u'/' + kSettings) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
        QCOMPARE(historyRow(1).value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));

        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("acme-xl"), QStringLiteral("https://127.0.0.1:8443/"), kKeyB)})));
        QVERIFY(isSuccess(syncAndAck(2)));
        env = claudeEnv();
        QCOMPARE(env.value(QStringLiteral("ANTHROPIC_BASE_URL")).toString(), QStringLiteral("https://127.0.0.1:8443"));
        QCOMPARE(env.value(QStringLiteral("ANTHROPIC_AUTH_TOKEN")).toString(), kKeyB);
        QCOMPARE(env.size(), 5);
        QVERIFY(!f->env().readFile(kSettings).contains(kKeyA.toUtf8()));
        QVERIFY(!f->env().readFile(kProfile).contains(kKeyA.toUtf8()));

        // The next report lists it, as the reference reports configured models.
        f->syncJson();
        const QJsonObject report = f->server().requests(QStringLiteral("report")).last().toObject().value(QStringLiteral("body")).toObject();
        QCOMPARE(report.value(QStringLiteral("user_level")).toObject().value(QStringLiteral("models")).toArray(),
                 (QJsonArray{QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), QStringLiteral("acme-xl")},
                                         {QStringLiteral("name"), QStringLiteral("ACME-XL")}, {QStringLiteral("source"), QStringLiteral("enterprise")}}}));

        // `teamai status` names the gateway and the file, never the key.
        const TeamaiRun status = runTeamai({QStringLiteral("status"), QStringLiteral("--json")});
        const QJsonArray gateways = QJsonDocument::fromJson(status.out).object().value(QStringLiteral("model_gateways")).toArray();
        QCOMPARE(gateways.size(), 1);
        QCOMPARE(gateways.at(0).toObject().value(QStringLiteral("tool")).toString(), QStringLiteral("claude"));
        QCOMPARE(gateways.at(0).toObject().value(QStringLiteral("gateways")).toArray(), QJsonArray{QStringLiteral("https://127.0.0.1:8443")});
        QVERIFY(!status.out.contains(kKeyB.toUtf8()));
        QVERIFY(!runTeamai({QStringLiteral("status")}).out.contains(kKeyB.toUtf8()));
    }

    void incrementalAddsOneAndKeepsTheRest()
    {
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(1, QStringLiteral("codebuddy"))));
        f->server().queue(modelCommand(2, model(QStringLiteral("b"), QStringLiteral("http://127.0.0.1:9"), kKeyB)));
        QVERIFY(isSuccess(syncAndAck(2, QStringLiteral("codebuddy"))));
        const QJsonArray models = QJsonDocument::fromJson(f->env().readFile(kCodebuddyModels)).object().value(QStringLiteral("models")).toArray();
        QCOMPARE(models.size(), 2);
        QCOMPARE(models.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("a"));
        QCOMPARE(models.at(1).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("b"));
        QCOMPARE(models.at(1).toObject().value(QStringLiteral("url")).toString(), QStringLiteral("http://127.0.0.1:9/chat/completions"));
    }

    void emptySnapshotRemovesExactlyOurs()
    {
        const QByteArray users = "{\n  \"theme\": \"dark\",\n  \"models\": [\n    {\n      \"id\": \"mine\",\n      \"apiKey\": \"users-key\"\n    }\n  ]\n}\n";
        f->env().writeFile(kCodebuddyModels, users);
        const QByteArray claudeUsers = "{\n  \"env\": {\n    \"FOO\": \"bar\"\n  },\n  \"permissions\": {}\n}\n";
        f->env().writeFile(kSettings, claudeUsers);
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(1, QStringLiteral("codebuddy"))));
        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(2)));
        QVERIFY(f->env().readFile(kCodebuddyModels) != users);

        f->server().queue(modelCommand(3, snapshot({})));
        QVERIFY(isSuccess(syncAndAck(3, QStringLiteral("codebuddy"))));
        QCOMPARE(f->env().readFile(kCodebuddyModels), users);
        f->server().queue(modelCommand(4, snapshot({})));
        QVERIFY(isSuccess(syncAndAck(4)));
        QCOMPARE(f->env().readFile(kSettings), claudeUsers);
        QVERIFY(!QFile::exists(f->env().home() + u'/' + kProfile));
    }

    void usersValuesInTheFileAreUntouched()
    {
        const QByteArray users = "{\"env\": {\"ANTHROPIC_BASE_URL\": \"https://users-proxy.example\"}}";
        f->env().writeFile(kSettings, users);
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        const QJsonObject ack = syncAndAck(1);
        QVERIFY(isSuccess(ack));
        QCOMPARE(errorOf(ack), QStringLiteral("claude gateway not configured: ~/.claude/settings.json already sets ANTHROPIC_BASE_URL (the user's)"));
        QCOMPARE(f->env().readFile(kSettings), users);

        // codebuddy: a model id the user has is theirs.
        f->env().writeFile(kCodebuddyModels, "[{\"id\": \"a\", \"apiKey\": \"users-key\"}]");
        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        const QJsonObject buddy = syncAndAck(2, QStringLiteral("codebuddy"));
        QVERIFY(isSuccess(buddy));
        QCOMPARE(errorOf(buddy), QStringLiteral("codebuddy: kept the user's model \"a\" in ~/.codebuddy/models.json (not replaced)"));
        QCOMPARE(f->env().readFile(kCodebuddyModels), QByteArray("[{\"id\": \"a\", \"apiKey\": \"users-key\"}]"));
    }

    void usersValuesInTheEnvironmentAreUntouched()
    {
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        const QJsonObject ack = syncAndAck(1, QStringLiteral("claude"), {QStringLiteral("ANTHROPIC_API_KEY=users-own-key")});
        QVERIFY(isSuccess(ack));
        QCOMPARE(errorOf(ack), QStringLiteral("claude gateway not configured: ANTHROPIC_API_KEY set in the environment the agent runs in (the user's)"));
        QVERIFY(!claudeEnv().contains(QStringLiteral("ANTHROPIC_BASE_URL")));
    }

    void killSwitchRefusesButRemovalStillWorks()
    {
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(1)));
        QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode, 0);

        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("b"), QStringLiteral("http://127.0.0.1:10"), kKeyB)})));
        const QJsonObject refused = syncAndAck(2);
        QCOMPARE(refused.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(errorOf(refused), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(claudeEnv().value(QStringLiteral("ANTHROPIC_AUTH_TOKEN")).toString(), kKeyA);
        const QJsonObject row = historyRow(2);
        QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
        QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("not_delivered"));

        // Removing what we configured only gives the user's defaults back: allowed while disabled.
        f->server().queue(modelCommand(3, snapshot({})));
        QVERIFY(isSuccess(syncAndAck(3)));
        QVERIFY(!claudeEnv().contains(QStringLiteral("ANTHROPIC_AUTH_TOKEN")));

        // The environment switch refuses too, and a malformed command is refused before it is read.
        QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("enable")}).exitCode, 0);
        f->server().queue(modelCommand(4, snapshot({model(QStringLiteral("b"), QStringLiteral("ftp://x"), kKeyB)})));
        QCOMPARE(errorOf(syncAndAck(4, QStringLiteral("claude"), {QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")})), QStringLiteral("remote cmd disabled by client"));
        QVERIFY(!claudeEnv().contains(QStringLiteral("ANTHROPIC_AUTH_TOKEN")));
    }

    void malformedIsAckedFailedAndChangesNothing_data()
    {
        QTest::addColumn<QJsonObject>("command");
        QTest::addColumn<QString>("error");
        const QJsonObject good = model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA);
        QJsonObject badUrl = good;
        badUrl.insert(QStringLiteral("base_url"), QStringLiteral("file:///etc/passwd"));
        QJsonObject reserved = good;
        reserved.insert(QStringLiteral("model_id"), QStringLiteral("__proto__"));
        QTest::newRow("not json") << modelCommand(1, QStringLiteral("{models")) << QStringLiteral("apply_model_config: cmd must be valid JSON");
        QTest::newRow("missing cmd") << modelCommand(1, QString()) << QStringLiteral("apply_model_config: missing cmd");
        QTest::newRow("url scheme") << modelCommand(1, snapshot({good, badUrl})) << QStringLiteral("apply_model_config: base_url must use http or https");
        QTest::newRow("reserved id") << modelCommand(1, snapshot({reserved})) << QStringLiteral("apply_model_config: reserved model_id \"__proto__\"");
        QTest::newRow("duplicate") << modelCommand(1, snapshot({good, good})) << QStringLiteral("apply_model_config: duplicate model_id \"a\"");
        QTest::newRow("relative workspace") << modelCommand(1, snapshot({good}), {{QStringLiteral("scope"), QStringLiteral("workspace")},
                                                                                  {QStringLiteral("workspace_path"), QStringLiteral("repo")}})
                                            << QStringLiteral("apply_model_config: Invalid workspace_path: repo");
    }
    void malformedIsAckedFailedAndChangesNothing()
    {
        QFETCH(QJsonObject, command);
        QFETCH(QString, error);
        f->env().writeFile(kSettings, "{}");
        f->server().queue(command);
        const QJsonObject ack = syncAndAck(1);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(errorOf(ack), error);
        QCOMPARE(f->env().readFile(kSettings), QByteArray("{}"));
        QVERIFY(!QFile::exists(f->env().home() + u'/' + kProfile));
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/model-manifest.json")));
    }

    void projectScopeOnlyForBoundWorkspaces()
    {
        const QString workspace = f->env().home() + QStringLiteral("/repo");
        QDir().mkpath(workspace + QStringLiteral("/.git"));
        const QJsonObject scope{{QStringLiteral("scope"), QStringLiteral("workspace")}, {QStringLiteral("workspace_path"), workspace}};
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)}), scope));
        const TeamaiRun unbound = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("codebuddy")}, {}, {}, 30000, workspace);
        Q_UNUSED(unbound)
        QCOMPARE(errorOf(f->ackFor(1)), QStringLiteral("apply_model_config: workspace \"repo\" is not a registered binding"));
        QVERIFY(!QFile::exists(workspace + QStringLiteral("/.codebuddy/models.json")));

        bindWorkspace(workspace);
        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)}), scope));
        QVERIFY(isSuccess(syncAndAck(2, QStringLiteral("codebuddy"))));
        QVERIFY(f->env().readFile(QStringLiteral("repo/.codebuddy/models.json")).contains(kKeyA.toUtf8()));
        QCOMPARE(f->env().readFile(QStringLiteral("repo/.codebuddy/.gitignore")).count("models.json"), 1);
        QVERIFY(!QFile::exists(f->env().home() + u'/' + kCodebuddyModels));

        f->server().queue(modelCommand(3, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)}), scope));
        QCOMPARE(errorOf(syncAndAck(3)), QStringLiteral("apply_model_config: workspace scope is unsupported for claude"));
        f->server().queue(modelCommand(4, snapshot({})));
        QCOMPARE(errorOf(syncAndAck(4, QStringLiteral("cursor"))), QStringLiteral("apply_model_config: unsupported agent \"cursor\""));
    }

    // `teamai uninstall --agent X` takes the team's gateway (and its key) with the agent's hooks.
    void uninstallRemovesTheGateway()
    {
        const QByteArray users = "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"FOO\": \"bar\"\n  }\n}\n";
        f->env().writeFile(kSettings, users);
        f->server().queue(modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(1)));
        f->server().queue(modelCommand(2, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        QVERIFY(isSuccess(syncAndAck(2, QStringLiteral("codebuddy"))));

        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--agent"), QStringLiteral("claude"), QStringLiteral("--force")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("Removed claude model gateway http://127.0.0.1:9 from ~/.claude/settings.json"), run.out.constData());
        QVERIFY(!f->env().readFile(kSettings).contains(kKeyA.toUtf8()));
        QCOMPARE(QJsonDocument::fromJson(f->env().readFile(kSettings)).object().value(QStringLiteral("env")).toObject(),
                 (QJsonObject{{QStringLiteral("FOO"), QStringLiteral("bar")}}));
        QVERIFY(!QFile::exists(f->env().home() + u'/' + kProfile));
        // Another agent's gateway is not this uninstall's.
        QVERIFY(f->env().readFile(kCodebuddyModels).contains(kKeyA.toUtf8()));
    }

    // The ledger keeps the command without its key, so that copy never runs: a pending one
    // (left by a hook whose budget ran out) waits until the backend sends the command again.
    void aCopyWithoutItsKeyIsNeverRunFromTheLedger()
    {
        const QJsonObject command = modelCommand(7, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)}));
        {
            teamai::LedgerDatabase database;
            QVERIFY(database.open());
            teamai::CommandLedger ledger(database);
            const teamai::ToolInfo *claude = teamai::findTool(QStringLiteral("claude"));
            QCOMPARE(ledger.admitAll({teamai::Command::fromJson(command)}, claude->name, teamai::identity::localAgentId(*claude)).admitted.size(), 1);
        }
        QCOMPARE(historyRow(7).value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
        f->syncJson();  // drains the ledger; the backend has nothing queued
        QCOMPARE(historyRow(7).value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
        QVERIFY(!QFile::exists(f->env().home() + u'/' + kSettings));
        QVERIFY(f->ackFor(7).isEmpty());

        f->server().queue(command);  // sent again: runs, with its key
        QVERIFY(isSuccess(syncAndAck(7)));
        QCOMPARE(claudeEnv().value(QStringLiteral("ANTHROPIC_AUTH_TOKEN")).toString(), kKeyA);
        QCOMPARE(historyRow(7).value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
    }

    void keyIsInNoFileOfOurs()
    {
        f->server().queue(QJsonArray{modelCommand(1, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})),
                                     modelCommand(2, QStringLiteral("{\"models\":[{\"api_key\":\"%1\",").arg(kKeyB))});
        const QStringList debug{QStringLiteral("QT_LOGGING_RULES=teamai.*.debug=true")};
        QVERIFY(isSuccess(syncAndAck(1, QStringLiteral("claude"), debug)));
        QCOMPARE(f->ackFor(2).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        f->server().queue(modelCommand(3, snapshot({model(QStringLiteral("a"), QStringLiteral("http://127.0.0.1:9"), kKeyA)})));
        syncAndAck(3, QStringLiteral("codebuddy"), debug);
        QVERIFY(f->env().readFile(kSettings).contains(kKeyA.toUtf8()));
        QVERIFY(f->env().readFile(kCodebuddyModels).contains(kKeyA.toUtf8()));

        // Everything under TEAMAI_HOME (ledger with its WAL, logs, errors.jsonl, records) and what
        // `history --json` prints: neither key anywhere.
        int files = 0;
        QDirIterator it(f->env().teamaiHome(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            ++files;
            QVERIFY2(!bytes.contains(kKeyA.toUtf8()) && !bytes.contains(kKeyB.toUtf8()), qPrintable(file.fileName()));
        }
        QVERIFY(files >= 3);
        QVERIFY(QFileInfo::exists(f->env().stateDir() + QStringLiteral("/logs")));
        const TeamaiRun history = runTeamai({QStringLiteral("history"), QStringLiteral("--json")});
        QVERIFY(history.out.contains("apply_model_config"));
        QVERIFY(!history.out.contains(kKeyA.toUtf8()) && !history.out.contains(kKeyB.toUtf8()));
        QVERIFY(!historyRow(1).value(QStringLiteral("raw_json")).toString().contains(kKeyA));
    }
};

QTEST_GUILESS_MAIN(TestModelConfigEndToEnd)
#include "tst_modelconfig_e2e.moc"
