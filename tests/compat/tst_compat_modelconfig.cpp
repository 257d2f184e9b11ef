// apply_model_config between the two clients (issue 15 item 2): the reference client
// (teamai-cli 0.25.0) and our `teamai` take turns on one HOME and one devserver. Each must remove
// exactly the gateway the other configured (by the records in model-manifest.json) and replace it
// on a re-apply, leaving the user's settings as they were. The reference runs commands in its
// session-start hook, we in `teamai sync`.
#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QtTest>

using namespace teamai::test;

namespace {

const QString kKeyOurs = QStringLiteral("sk-compat-ours-0123456789");
const QString kKeyTheirs = QStringLiteral("sk-compat-theirs-0123456789");

struct ToolFiles {
    QString models;   ///< the file the gateway lives in, relative to HOME
    QString profile;  ///< claude's profile (empty for the others)
};

ToolFiles filesOf(const QString &tool)
{
    if (tool == QLatin1String("claude"))
        return {QStringLiteral(".claude/settings.json"), QStringLiteral(".claude/teamai-models.json")};
    return {QStringLiteral(".%1/models.json").arg(tool), {}};
}

QByteArray usersFile(const QString &tool)
{
    if (tool == QLatin1String("claude"))
        return "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"FOO\": \"bar\"\n  }\n}\n";
    return "{\n  \"models\": [\n    {\n      \"id\": \"mine\",\n      \"apiKey\": \"users-key\"\n    }\n  ]\n}\n";
}

QJsonObject applyCommand(qint64 id, const QJsonArray &models)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("apply_model_config")},
            {QStringLiteral("scope"), QStringLiteral("user")},
            {QStringLiteral("cmd"), QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("models"), models}}).toJson(QJsonDocument::Compact))}};
}

QJsonArray gateway(const QString &url, const QString &key)
{
    return {QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), QStringLiteral("acme-large")},
                        {QStringLiteral("name"), QStringLiteral("Acme Large")}, {QStringLiteral("base_url"), url},
                        {QStringLiteral("api_key"), key}, {QStringLiteral("max_tokens"), 8192}}};
}

QJsonObject waitForAck(DevServerProcess &server, qint64 id)
{
    const QDeadlineTimer deadline(60000);
    do {
        for (const QJsonValue &ack : server.acks()) {
            if (ack.toObject().value(QStringLiteral("id")).toInteger() == id)
                return ack.toObject();
        }
        QThread::msleep(100);
    } while (!deadline.hasExpired());
    return {};
}

bool ackedSuccess(DevServerProcess &server, qint64 id)
{
    const QJsonObject ack = waitForAck(server, id);
    const bool ok = ack.value(QStringLiteral("status")).toString() == QLatin1String("success")
        && ack.value(QStringLiteral("error")).toString().isEmpty();
    if (!ok)
        qWarning("ack %lld: %s", qlonglong(id), QJsonDocument(ack).toJson(QJsonDocument::Compact).constData());
    return ok;
}

} // namespace

class TestCompatModelConfig : public QObject
{
    Q_OBJECT

    QString m_node;
    QString m_reference;

    /// This process's environment for both clients, without the variables that would make the
    /// gateway the user's (a developer's own ANTHROPIC_* settings) or point the clients elsewhere.
    static QProcessEnvironment cleanEnvironment(const TestEnvironment &env)
    {
        QProcessEnvironment environment = env.processEnvironment();
        for (const QString &name : environment.keys()) {
            if (name.startsWith(QLatin1String("ANTHROPIC_")))
                environment.remove(name);
        }
        for (const char *name : {"TEAMAI_TOKEN", "TEAMAI_API_TOKEN", "TEAMAI_HTTP_ENDPOINT", "TEAMAI_ENDPOINT", "TEAMAI_HOME"})
            environment.remove(QLatin1String(name));
        return environment;
    }

    static void prepareHome(const TestEnvironment &env, const DevServerProcess &server, const QString &tool)
    {
        env.writeFile(filesOf(tool).models, usersFile(tool));
        const QJsonObject config{{QStringLiteral("endpoint"), server.baseUrl()},
                                 {QStringLiteral("token"), DevServerProcess::token()},
                                 {QStringLiteral("createdAt"), QStringLiteral("2026-11-30T08:15:00.000Z")},
                                 {QStringLiteral("workspaceBindings"), QJsonObject()}};
        env.writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
    }

    bool runReference(const TestEnvironment &env, const QString &tool)
    {
        QProcess node;
        node.setProcessEnvironment(cleanEnvironment(env));
        node.setWorkingDirectory(env.home());
        node.start(m_node, {m_reference, QStringLiteral("hook-dispatch"), QStringLiteral("session-start"), QStringLiteral("--tool"), tool});
        node.write(QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("compat-model")},
                                             {QStringLiteral("cwd"), env.home()},
                                             {QStringLiteral("hook_event_name"), QStringLiteral("SessionStart")}})
                       .toJson(QJsonDocument::Compact));
        node.closeWriteChannel();
        if (!node.waitForFinished(60000)) {
            node.kill();
            node.waitForFinished();
            return false;
        }
        return node.exitStatus() == QProcess::NormalExit;
    }

    static bool runOurs(const TestEnvironment &env, const QString &tool)
    {
        QStringList extra{QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()};
        for (const QString &name : env.processEnvironment().keys()) {
            if (name.startsWith(QLatin1String("ANTHROPIC_")))
                extra << name + u'=';
        }
        const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool, QStringLiteral("--json")}, {}, extra, 60000, env.home());
        if (!run.finished || run.exitCode != 0)
            qWarning("teamai sync: %s", run.err.constData());
        return run.finished && run.exitCode == 0;
    }

    /// The reference's detached children must be done before HOME goes (Linux: /proc/<pid>/cwd).
    static bool waitForProcessesIn(const QString &home)
    {
        const QDeadlineTimer deadline(60000);
        const QString canonicalHome = QFileInfo(home).canonicalFilePath();
        for (;;) {
            bool busy = false;
            for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QString cwd = QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
                if (pid.toLongLong() > 0 && (cwd == canonicalHome || cwd.startsWith(canonicalHome + u'/')))
                    busy = true;
            }
            if (!busy)
                return true;
            if (deadline.hasExpired())
                return false;
            QThread::msleep(100);
        }
    }

    /// The user's file after a removal: the same JSON, as either client writes it back.
    static QJsonDocument parsed(const QByteArray &bytes) { return QJsonDocument::fromJson(bytes); }

    static void tools_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::newRow("claude") << QStringLiteral("claude");
        QTest::newRow("codebuddy") << QStringLiteral("codebuddy");
    }

private slots:
    void initTestCase()
    {
        m_node = qEnvironmentVariable("TEAMAI_NODE");
        m_reference = qEnvironmentVariable("TEAMAI_REFERENCE_JS");
        if (m_node.isEmpty() || !QFileInfo(m_node).isExecutable())
            QFAIL("node not found at configure time (TEAMAI_NODE); run scripts/bootstrap.sh");
        if (!QFileInfo::exists(m_reference))
            QSKIP("reference client not installed: npm could not reach its registry (see compat_install_reference)");
    }

    void referenceRemovesOurs_data() { tools_data(); }
    void referenceRemovesOurs()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        const ToolFiles files = filesOf(tool);

        server.queue(applyCommand(1, gateway(QStringLiteral("http://127.0.0.1:9/v1"), kKeyOurs)));
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY(env.readFile(files.models).contains(kKeyOurs.toUtf8()));

        server.queue(applyCommand(2, {}));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 2));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QCOMPARE(env.readFile(files.models), usersFile(tool));
        if (!files.profile.isEmpty())
            QVERIFY(!QFile::exists(env.home() + u'/' + files.profile));
    }

    void weRemoveTheReferences_data() { tools_data(); }
    void weRemoveTheReferences()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        const ToolFiles files = filesOf(tool);

        server.queue(applyCommand(1, gateway(QStringLiteral("http://127.0.0.1:9/v1"), kKeyTheirs)));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        const QByteArray theirs = env.readFile(files.models);
        QVERIFY(theirs.contains(kKeyTheirs.toUtf8()));

        server.queue(applyCommand(2, {}));
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 2));
        QCOMPARE(env.readFile(files.models), usersFile(tool));
        if (!files.profile.isEmpty())
            QVERIFY(!QFile::exists(env.home() + u'/' + files.profile));
    }

    void eachReplacesTheOthersOnReapply_data() { tools_data(); }
    void eachReplacesTheOthersOnReapply()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        const ToolFiles files = filesOf(tool);

        server.queue(applyCommand(1, gateway(QStringLiteral("http://127.0.0.1:9"), kKeyTheirs)));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        server.queue(applyCommand(2, gateway(QStringLiteral("https://127.0.0.1:8443"), kKeyOurs)));
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 2));
        QVERIFY(!env.readFile(files.models).contains(kKeyTheirs.toUtf8()));
        const QByteArray ours = env.readFile(files.models);
        QVERIFY(ours.contains(kKeyOurs.toUtf8()));
        QVERIFY(ours.contains("users-key") || tool == QLatin1String("claude"));

        server.queue(applyCommand(3, gateway(QStringLiteral("http://127.0.0.1:10"), kKeyTheirs)));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QVERIFY(!env.readFile(files.models).contains(kKeyOurs.toUtf8()));
        QVERIFY(env.readFile(files.models).contains(kKeyTheirs.toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestCompatModelConfig)
#include "tst_compat_modelconfig.moc"
