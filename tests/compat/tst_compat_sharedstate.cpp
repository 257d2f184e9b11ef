// The state files both clients share (issue 14, item 3): CLAUDE.md blocks with their store and
// manifest entries, and hook rules in agent-hooks.json and the agent's settings. The reference
// client (teamai-cli 0.25.0) and our `teamai` take turns on one HOME and one devserver; each must
// see, keep and remove what the other installed. Commands go through the devserver's queue; the
// reference runs them in its session-start hook, we in `teamai sync`.
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

const QByteArray kMine = "# Mine\n";

struct ToolFiles {
    QString instruction;  ///< relative to HOME
    QString settings;
};

ToolFiles filesOf(const QString &tool)
{
    if (tool == QLatin1String("codebuddy"))
        return {QStringLiteral(".codebuddy/CODEBUDDY.md"), QStringLiteral(".codebuddy/settings.json")};
    if (tool == QLatin1String("workbuddy"))
        return {QStringLiteral("AGENTS.md"), QStringLiteral(".workbuddy/settings.json")};
    return {QStringLiteral(".claude/CLAUDE.md"), QStringLiteral(".claude/settings.json")};
}

QJsonObject command(qint64 id, const QString &type, const QJsonObject &fields)
{
    QJsonObject object = fields;
    object.insert(QStringLiteral("id"), id);
    object.insert(QStringLiteral("type"), type);
    object.insert(QStringLiteral("scope"), QStringLiteral("user"));
    return object;
}

QJsonObject block(qint64 id, const DevServerProcess &server, const QString &slug, bool install)
{
    QJsonObject fields{{QStringLiteral("claudemd_slug"), slug}};
    if (install)
        fields.insert(QStringLiteral("download_url"), QString(server.baseUrl() + QStringLiteral("/download/claudemd/") + slug + QStringLiteral(".md")));
    return command(id, install ? QStringLiteral("install_claudemd") : QStringLiteral("uninstall_claudemd"), fields);
}

QJsonObject hookRule(qint64 id, const QString &slug, bool install)
{
    QJsonObject fields{{QStringLiteral("slug"), slug}};
    if (install) {
        fields.insert(QStringLiteral("event"), QStringLiteral("PreToolUse"));
        fields.insert(QStringLiteral("matcher"), QStringLiteral("Edit"));
        fields.insert(QStringLiteral("cmd"), QString(QStringLiteral("echo ") + slug));
        fields.insert(QStringLiteral("timeout"), 15);
    }
    return command(id, install ? QStringLiteral("install_hook_rule") : QStringLiteral("uninstall_hook_rule"), fields);
}

/// The ack of @p id, waiting for it up to 60 s (the reference may ack from a detached child).
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
    if (ack.value(QStringLiteral("status")).toString() != QLatin1String("success"))
        qWarning("ack %lld: %s", qlonglong(id), QJsonDocument(ack).toJson(QJsonDocument::Compact).constData());
    return ack.value(QStringLiteral("status")).toString() == QLatin1String("success");
}

/// Every hook of @p settings that runs @p command, with its group's description (or "-").
QStringList hooksRunning(const QJsonObject &settings, const QString &command)
{
    QStringList found;
    const QJsonObject hooks = settings.value(QStringLiteral("hooks")).toObject();
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        for (const QJsonValue &group : it.value().toArray()) {
            for (const QJsonValue &hook : group.toObject().value(QStringLiteral("hooks")).toArray()) {
                if (hook.toObject().value(QStringLiteral("command")).toString() == command)
                    found.append(group.toObject().value(QStringLiteral("description")).toString(QStringLiteral("-")));
            }
        }
    }
    return found;
}

} // namespace

class TestCompatSharedState : public QObject
{
    Q_OBJECT

    QString m_node;
    QString m_reference;

    static void prepareHome(const TestEnvironment &env, const DevServerProcess &server, const QString &tool)
    {
        QDir().mkpath(env.home() + u'/' + QLatin1Char('.') + tool);
        env.writeFile(filesOf(tool).instruction, kMine);
        const QJsonObject config{{QStringLiteral("endpoint"), server.baseUrl()},
                                 {QStringLiteral("token"), DevServerProcess::token()},
                                 {QStringLiteral("createdAt"), QStringLiteral("2026-11-30T08:15:00.000Z")},
                                 {QStringLiteral("workspaceBindings"), QJsonObject()}};
        env.writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
    }

    /// The reference's session-start hook, which pulls and runs the queued commands.
    bool runReference(const TestEnvironment &env, const QString &tool)
    {
        QProcess node;
        QProcessEnvironment environment = env.processEnvironment();
        for (const char *name : {"TEAMAI_TOKEN", "TEAMAI_API_TOKEN", "TEAMAI_HTTP_ENDPOINT", "TEAMAI_ENDPOINT", "TEAMAI_HOME"})
            environment.remove(QLatin1String(name));
        node.setProcessEnvironment(environment);
        node.setWorkingDirectory(env.home());
        node.start(m_node, {m_reference, QStringLiteral("hook-dispatch"), QStringLiteral("session-start"), QStringLiteral("--tool"), tool});
        node.write(QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("compat-state")},
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
        const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), tool, QStringLiteral("--json")}, {},
                                        {QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()}, 60000, env.home());
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

    static QJsonObject json(const TestEnvironment &env, const QString &relative)
    {
        return QJsonDocument::fromJson(env.readFile(relative)).object();
    }

    static QJsonObject claudemdEntries(const TestEnvironment &env)
    {
        return json(env, QStringLiteral(".teamai/local-agent/manifest.json")).value(QStringLiteral("scopes")).toObject()
            .value(QStringLiteral("user")).toObject().value(QStringLiteral("claudemd")).toObject();
    }

    static void tools_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::newRow("claude") << QStringLiteral("claude");
        QTest::newRow("codebuddy") << QStringLiteral("codebuddy");
        QTest::newRow("workbuddy") << QStringLiteral("workbuddy");
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

    void referenceInstallsWeInstallAndUninstall_data() { tools_data(); }
    void referenceInstallsWeInstallAndUninstall()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        const ToolFiles files = filesOf(tool);

        server.queue(QJsonArray{block(1, server, QStringLiteral("alpha"), true), hookRule(2, QStringLiteral("ref-rule"), true)});
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY(ackedSuccess(server, 2));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QCOMPARE(hooksRunning(json(env, files.settings), QStringLiteral("echo ref-rule")), QStringList{QStringLiteral("[teamai:agent-hook:ref-rule]")});

        server.queue(QJsonArray{block(3, server, QStringLiteral("beta"), true), hookRule(4, QStringLiteral("ref-rule"), false)});
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        const QByteArray merged = env.readFile(files.instruction);
        QVERIFY2(merged.startsWith(kMine), merged.constData());
        QCOMPARE(merged.count("<!-- [teamai:claudemd:start] -->"), 1);
        QCOMPARE(merged.count("<!-- [teamai:claudemd:end] -->"), 1);
        QCOMPARE(merged.count("## TeamAI block alpha"), 1);
        QCOMPARE(merged.count("## TeamAI block beta"), 1);
        QVERIFY(merged.indexOf("block alpha") < merged.indexOf("block beta"));
        QVERIFY(hooksRunning(json(env, files.settings), QStringLiteral("echo ref-rule")).isEmpty());
        QVERIFY(!json(env, QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("ref-rule")));
        QVERIFY(claudemdEntries(env).contains(QStringLiteral("alpha")));
        QVERIFY(claudemdEntries(env).contains(QStringLiteral("beta")));

        // The reference's block, uninstalled by us: gone from the section, the store, the manifest.
        server.queue(block(5, server, QStringLiteral("alpha"), false));
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 5));
        QVERIFY(!env.readFile(files.instruction).contains("alpha"));
        QVERIFY(!claudemdEntries(env).contains(QStringLiteral("alpha")));
        QVERIFY(!QFile::exists(env.stateDir() + QStringLiteral("/resources/user/claudemd/alpha.md")));

        // And the reference sees ours: its next install keeps beta in the section.
        server.queue(block(6, server, QStringLiteral("gamma"), true));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 6));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        const QByteArray after = env.readFile(files.instruction);
        QCOMPARE(after.count("## TeamAI block beta"), 1);
        QCOMPARE(after.count("## TeamAI block gamma"), 1);
        QCOMPARE(after.count("<!-- [teamai:claudemd:start] -->"), 1);
    }

    void weInstallReferenceUninstalls_data() { tools_data(); }
    void weInstallReferenceUninstalls()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        const ToolFiles files = filesOf(tool);
        // The user's own hook running the same command, untagged: neither client may touch it.
        const QJsonObject usersHook{{QStringLiteral("matcher"), QStringLiteral("Edit")},
                                    {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                     {QStringLiteral("command"), QStringLiteral("echo our-rule")}}}}};
        env.writeFile(files.settings, QJsonDocument(QJsonObject{{QStringLiteral("hooks"), QJsonObject{{QStringLiteral("PreToolUse"), QJsonArray{usersHook}}}}}).toJson());

        server.queue(QJsonArray{block(1, server, QStringLiteral("delta"), true), hookRule(2, QStringLiteral("our-rule"), true)});
        QVERIFY(runOurs(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY(ackedSuccess(server, 2));
        QCOMPARE(hooksRunning(json(env, files.settings), QStringLiteral("echo our-rule")),
                 (QStringList{QStringLiteral("-"), QStringLiteral("[teamai:agent-hook:our-rule]")}));
        QCOMPARE(env.readFile(files.instruction).count("## TeamAI block delta"), 1);

        server.queue(QJsonArray{block(3, server, QStringLiteral("delta"), false), hookRule(4, QStringLiteral("our-rule"), false)});
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QCOMPARE(env.readFile(files.instruction), kMine);
        QVERIFY(!claudemdEntries(env).contains(QStringLiteral("delta")));
        QCOMPARE(hooksRunning(json(env, files.settings), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
        QVERIFY(!json(env, QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("our-rule")));

        // Our next round finds nothing of the rule to restore or remove.
        QVERIFY(runOurs(env, tool));
        QCOMPARE(hooksRunning(json(env, files.settings), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
    }
};

QTEST_GUILESS_MAIN(TestCompatSharedState)
#include "tst_compat_sharedstate.moc"
