// A machine switches from the reference client (teamai-cli 0.25.0) to us and back, and the
// reverse, on one HOME and one devserver (issue 14): each client's init, then the other's hooks
// as that init wrote them, then the first client's hooks, then the other's uninstall. No 401, the
// same identity and credentials on the wire, no lost or doubled CLAUDE.md block, and after the
// uninstall nothing of TeamAI is left for the other client to run or send.
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

QJsonObject block(qint64 id, const DevServerProcess &server, const QString &slug, bool install)
{
    QJsonObject object{{QStringLiteral("id"), id},
                       {QStringLiteral("type"), install ? QStringLiteral("install_claudemd") : QStringLiteral("uninstall_claudemd")},
                       {QStringLiteral("scope"), QStringLiteral("user")},
                       {QStringLiteral("claudemd_slug"), slug}};
    if (install)
        object.insert(QStringLiteral("download_url"), QString(server.baseUrl() + QStringLiteral("/download/claudemd/") + slug + QStringLiteral(".md")));
    return object;
}

/// Waits (up to 30 s: background events report from the worker) for @p count requests on @p route.
bool waitForRequests(DevServerProcess &server, const QString &route, int count)
{
    const QDeadlineTimer deadline(30000);
    while (server.requests(route).size() < count) {
        if (deadline.hasExpired()) {
            qWarning("%lld %s request(s), expected %d", qlonglong(server.requests(route).size()), qPrintable(route), count);
            return false;
        }
        QThread::msleep(100);
    }
    return true;
}

QJsonObject ackOf(DevServerProcess &server, qint64 id)
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
    const QJsonObject ack = ackOf(server, id);
    if (ack.value(QStringLiteral("status")).toString() != QLatin1String("success"))
        qWarning("ack %lld: %s", qlonglong(id), QJsonDocument(ack).toJson(QJsonDocument::Compact).constData());
    return ack.value(QStringLiteral("status")).toString() == QLatin1String("success");
}

/// Every hook command in @p settings ("Event: command"), in the nested layout all three tools use.
QStringList hookCommands(const QJsonObject &settings)
{
    QStringList found;
    const QJsonObject hooks = settings.value(QStringLiteral("hooks")).toObject();
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        for (const QJsonValue &group : it.value().toArray()) {
            for (const QJsonValue &hook : group.toObject().value(QStringLiteral("hooks")).toArray())
                found.append(it.key() + QStringLiteral(": ") + hook.toObject().value(QStringLiteral("command")).toString());
        }
    }
    return found;
}

/// The TeamAI dispatch hooks among @p commands: anything that runs `teamai` (either client's form).
QStringList teamaiHooks(const QStringList &commands)
{
    QStringList found;
    for (const QString &command : commands) {
        if (command.contains(QLatin1String("hook-dispatch")) || command.contains(QLatin1String("--hook")))
            found.append(command);
    }
    return found;
}

/// The arguments a hook command passes to `teamai`: from `hook-dispatch`/`--hook` up to a
/// redirection or the closing quote, as an agent's shell would hand them over.
QStringList dispatchArguments(const QString &command)
{
    const QString inner = command.section(QStringLiteral(": "), 1).trimmed();
    QStringList words = inner.split(u' ', Qt::SkipEmptyParts);
    QStringList arguments;
    bool started = false;
    for (QString word : words) {
        if (!started && (word == QLatin1String("hook-dispatch") || word == QLatin1String("--hook")))
            started = true;
        if (!started)
            continue;
        if (word.startsWith(QLatin1String("2>")) || word == QLatin1String("||"))
            break;
        const bool closesQuote = word.endsWith(u'"');
        word.remove(u'"');
        if (!word.isEmpty())
            arguments.append(word);
        if (closesQuote)
            break;
    }
    return arguments;
}

/// The hook of @p event (and no matcher argument unless @p withMatcher) among @p hooks.
QStringList argumentsFor(const QStringList &hooks, const QString &event, bool withMatcher)
{
    for (const QString &hook : hooks) {
        const QStringList arguments = dispatchArguments(hook);
        if (arguments.value(1) == event && arguments.contains(QLatin1String("--matcher")) == withMatcher)
            return arguments;
    }
    return {};
}

QByteArray hookInput(const QString &cwd, const char *event)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("compat-switch")},
                                     {QStringLiteral("cwd"), cwd},
                                     {QStringLiteral("hook_event_name"), QLatin1String(event)}})
        .toJson(QJsonDocument::Compact);
}

/// The requests to the report/sync/ack routes, and any that was refused for its credentials.
struct Wire {
    QJsonArray reports;
    QJsonArray syncs;
    int refused = 0;
};

Wire wireOf(DevServerProcess &server)
{
    Wire wire;
    for (const QJsonValue &value : server.requests()) {
        const QJsonObject request = value.toObject();
        const QString route = request.value(QStringLiteral("route")).toString();
        if (route == QLatin1String("report"))
            wire.reports.append(request);
        if (route == QLatin1String("sync"))
            wire.syncs.append(request);
        if (request.value(QStringLiteral("status")).toInt() == 401)
            ++wire.refused;
    }
    return wire;
}

QList<QJsonValue> requestsOf(const Wire &wire)
{
    QList<QJsonValue> all(wire.reports.begin(), wire.reports.end());
    all.append(QList<QJsonValue>(wire.syncs.begin(), wire.syncs.end()));
    return all;
}

QString idOf(const QJsonValue &request)
{
    const QString id = request.toObject().value(QStringLiteral("body")).toObject().value(QStringLiteral("local_agent_id")).toString();
    if (id.isEmpty())
        qWarning("no local_agent_id in %s", QJsonDocument(request.toObject()).toJson(QJsonDocument::Compact).constData());
    return id;
}

QString authOf(const QJsonValue &request)
{
    return request.toObject().value(QStringLiteral("authorization")).toString();
}

} // namespace

class TestCompatSwitch : public QObject
{
    Q_OBJECT

    QString m_node;
    QString m_reference;

    QProcessEnvironment referenceEnvironment(const TestEnvironment &env) const
    {
        QProcessEnvironment environment = env.processEnvironment();
        for (const char *name : {"TEAMAI_TOKEN", "TEAMAI_API_TOKEN", "TEAMAI_HTTP_ENDPOINT", "TEAMAI_ENDPOINT", "TEAMAI_HOME"})
            environment.remove(QLatin1String(name));
        return environment;
    }

    bool runReference(const TestEnvironment &env, const QStringList &arguments, const QByteArray &input = {})
    {
        QProcess node;
        node.setProcessEnvironment(referenceEnvironment(env));
        node.setWorkingDirectory(env.home());
        node.start(m_node, QStringList{m_reference} + arguments);
        node.write(input);
        node.closeWriteChannel();
        if (!node.waitForFinished(60000)) {
            node.kill();
            node.waitForFinished();
            return false;
        }
        if (node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0)
            qWarning("reference %s: %s", qPrintable(arguments.join(u' ')), node.readAllStandardError().constData());
        return node.exitStatus() == QProcess::NormalExit && node.exitCode() == 0 && waitForProcessesIn(env.home());
    }

    bool referenceSessionStart(const TestEnvironment &env, const QString &tool)
    {
        return runReference(env, {QStringLiteral("hook-dispatch"), QStringLiteral("session-start"), QStringLiteral("--tool"), tool},
                            hookInput(env.home(), "SessionStart"));
    }

    /// Our binary, run with exactly the arguments a hook in the agent's settings passes. No token
    /// in the environment: it must come from the files the last init left.
    static bool runOurHook(const TestEnvironment &env, const QStringList &arguments, const char *event)
    {
        if (arguments.isEmpty())
            return false;
        const TeamaiRun run = runTeamai(arguments, hookInput(env.home(), event), {}, 30000, env.home());
        // Output is hook output for the agent: only the binding hint (codebuddy, workbuddy).
        const bool quiet = run.out.isEmpty() || run.out.contains("hookSpecificOutput");
        if (!run.finished || run.exitCode != 0 || !quiet)
            qWarning("teamai %s: %s / %s", qPrintable(arguments.join(u' ')), run.out.constData(), run.err.constData());
        return run.finished && run.exitCode == 0 && quiet && waitForProcessesIn(env.home());
    }

    static bool runOurs(const TestEnvironment &env, const QStringList &arguments)
    {
        const TeamaiRun run = runTeamai(arguments, {}, {}, 60000, env.home());
        if (!run.finished || run.exitCode != 0)
            qWarning("teamai %s: %s", qPrintable(arguments.join(u' ')), run.err.constData());
        return run.finished && run.exitCode == 0 && waitForProcessesIn(env.home());
    }

    /// Detached children (the reference's, our worker) must be done before the next step reads
    /// the files and before HOME goes (Linux: /proc/<pid>/cwd).
    static bool waitForProcessesIn(const QString &home)
    {
        const QDeadlineTimer deadline(60000);
        const QString canonicalHome = QFileInfo(home).canonicalFilePath();
        const QString self = QString::number(QCoreApplication::applicationPid());
        for (;;) {
            bool busy = false;
            for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QString cwd = QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
                if (pid.toLongLong() > 0 && pid != self && (cwd == canonicalHome || cwd.startsWith(canonicalHome + u'/')))
                    busy = true;
            }
            if (!busy)
                return true;
            if (deadline.hasExpired())
                return false;
            QThread::msleep(100);
        }
    }

    static void prepareHome(const TestEnvironment &env, const QString &tool)
    {
        QDir().mkpath(env.home() + QStringLiteral("/.") + tool);
        env.writeFile(filesOf(tool).instruction, kMine);
    }

    static QStringList settingsHooks(const TestEnvironment &env, const QString &tool)
    {
        return teamaiHooks(hookCommands(QJsonDocument::fromJson(env.readFile(filesOf(tool).settings)).object()));
    }

    static QStringList claudemdEntries(const TestEnvironment &env)
    {
        QStringList slugs = QJsonDocument::fromJson(env.readFile(QStringLiteral(".teamai/local-agent/manifest.json"))).object()
                                .value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                                .value(QStringLiteral("claudemd")).toObject().keys();
        slugs.sort();
        return slugs;
    }

    static QByteArray instruction(const TestEnvironment &env, const QString &tool)
    {
        return env.readFile(filesOf(tool).instruction);
    }

    /// Everything a client could still run or send with after a full uninstall.
    static void verifyNothingLeft(const TestEnvironment &env, const QString &tool)
    {
        QCOMPARE(settingsHooks(env, tool), QStringList());
        QCOMPARE(instruction(env, tool), kMine);
        for (const char *file : {".teamai/token", ".teamai/apikey", ".teamai/local-agent/config.json", ".teamai/local-agent/token", ".teamai/config.yaml"})
            QVERIFY2(!QFile::exists(env.home() + u'/' + QLatin1String(file)), file);
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

    void fromReferenceToUsAndBack_data() { tools_data(); }
    void fromReferenceToUsAndBack()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, tool);

        QVERIFY(runReference(env, {QStringLiteral("init"), QStringLiteral("--http"), server.baseUrl(), QStringLiteral("--token"),
                                   DevServerProcess::token(), QStringLiteral("--scope"), QStringLiteral("user"),
                                   QStringLiteral("--agent"), tool, QStringLiteral("--force")}));
        const QStringList referenceHooks = settingsHooks(env, tool);
        QVERIFY2(!argumentsFor(referenceHooks, QStringLiteral("session-start"), false).isEmpty(), qPrintable(referenceHooks.join(u'\n')));
        server.queue(block(1, server, QStringLiteral("alpha"), true));
        QVERIFY(referenceSessionStart(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        const Wire reference = wireOf(server);
        QVERIFY(!reference.reports.isEmpty());
        server.reset();

        // Our binary behind the reference's hooks: every event, the matcher hooks included.
        server.queue(block(2, server, QStringLiteral("beta"), true));
        QVERIFY(runOurHook(env, argumentsFor(referenceHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(server, 2));
        for (const char *event : {"prompt-submit", "post-tool-use", "stop"})
            QVERIFY2(runOurHook(env, argumentsFor(referenceHooks, QLatin1String(event), false), "Event"), event);
        QVERIFY(waitForRequests(server, QStringLiteral("report"), 4));  // one round per event
        if (tool == QLatin1String("claude")) {
            // The reference's PostToolUse matcher hooks run beside its wildcard one for the same
            // tool call: they are accepted and add no second round.
            const QStringList matcherHook = argumentsFor(referenceHooks, QStringLiteral("post-tool-use"), true);
            QVERIFY(matcherHook.contains(QStringLiteral("--matcher")));
            QVERIFY(runOurHook(env, matcherHook, "PostToolUse"));
            QCOMPARE(server.requests(QStringLiteral("report")).size(), 4);
        }
        QCOMPARE(instruction(env, tool).count("## TeamAI block alpha"), 1);
        QCOMPARE(instruction(env, tool).count("## TeamAI block beta"), 1);
        const Wire ours = wireOf(server);
        QCOMPARE(ours.refused, 0);
        QVERIFY(!ours.reports.isEmpty() && !ours.syncs.isEmpty());
        for (const QJsonValue &request : requestsOf(ours)) {
            QCOMPARE(idOf(request), idOf(reference.reports.first()));
            QCOMPARE(authOf(request), authOf(reference.reports.first()));
        }
        server.reset();

        // Back to the reference: it keeps our block, removes it on command, adds its own. (After its
        // own `init --http` its team-repo pull rewrites the instruction file without the blocks,
        // whoever installed them; its store and manifest are what it keeps: docs/compatibility.md.)
        server.queue(QJsonArray{block(3, server, QStringLiteral("gamma"), true), block(4, server, QStringLiteral("beta"), false)});
        QVERIFY(referenceSessionStart(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        QCOMPARE(wireOf(server).refused, 0);
        QCOMPARE(claudemdEntries(env), (QStringList{QStringLiteral("alpha"), QStringLiteral("gamma")}));
        QVERIFY(!QFile::exists(env.stateDir() + QStringLiteral("/resources/user/claudemd/beta.md")));

        // Our full uninstall: nothing of TeamAI left, and the reference's next hook sends nothing.
        QVERIFY(runOurs(env, {QStringLiteral("uninstall"), QStringLiteral("--force")}));
        verifyNothingLeft(env, tool);
        server.reset();
        QVERIFY(referenceSessionStart(env, tool));
        const Wire after = wireOf(server);
        QCOMPARE(after.reports.size() + after.syncs.size(), 0);
    }

    void fromUsToReferenceAndBack_data() { tools_data(); }
    void fromUsToReferenceAndBack()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, tool);

        QVERIFY(runOurs(env, {QStringLiteral("init"), QStringLiteral("--http"), server.baseUrl(), QStringLiteral("--token"),
                              DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                              QStringLiteral("--agents"), tool}));
        const QStringList ourHooks = settingsHooks(env, tool);
        QCOMPARE(ourHooks.size(), 4);
        server.queue(block(1, server, QStringLiteral("alpha"), true));
        QVERIFY(runOurHook(env, argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(server, 1));
        const Wire ours = wireOf(server);
        QVERIFY(!ours.reports.isEmpty());
        server.reset();

        // The reference, on what our init left: same token, same identity, sees our block.
        server.queue(block(2, server, QStringLiteral("beta"), true));
        QVERIFY(referenceSessionStart(env, tool));
        QVERIFY(ackedSuccess(server, 2));
        const Wire reference = wireOf(server);
        QCOMPARE(reference.refused, 0);
        QVERIFY(!reference.reports.isEmpty());
        for (const QJsonValue &request : requestsOf(reference)) {
            QCOMPARE(idOf(request), idOf(ours.reports.first()));
            QCOMPARE(authOf(request), authOf(ours.reports.first()));
        }
        server.reset();

        // Back to ours: the reference's block stays, ours goes on command.
        server.queue(QJsonArray{block(3, server, QStringLiteral("gamma"), true), block(4, server, QStringLiteral("alpha"), false)});
        QVERIFY(runOurHook(env, argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        QCOMPARE(wireOf(server).refused, 0);
        const QByteArray merged = instruction(env, tool);
        QVERIFY2(merged.startsWith(kMine), merged.constData());
        QCOMPARE(merged.count("## TeamAI block beta"), 1);
        QCOMPARE(merged.count("## TeamAI block gamma"), 1);
        QCOMPARE(merged.count("## TeamAI block alpha"), 0);
        QCOMPARE(merged.count("<!-- [teamai:claudemd:start] -->"), 1);
        QCOMPARE(settingsHooks(env, tool), ourHooks);

        // The reference's uninstall finds none of its own configuration (our init writes none) and
        // removes ~/.teamai only, as it does for itself then. Our hooks, still in the agent's
        // settings, then send nothing; our uninstall removes them and the blocks.
        QVERIFY(runReference(env, {QStringLiteral("uninstall"), QStringLiteral("--force")}));
        QVERIFY(!QFileInfo::exists(env.teamaiHome()));
        server.reset();
        QVERIFY(runOurHook(env, argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        const Wire after = wireOf(server);
        QCOMPARE(after.reports.size() + after.syncs.size(), 0);
        QVERIFY(runOurs(env, {QStringLiteral("uninstall"), QStringLiteral("--force")}));
        verifyNothingLeft(env, tool);
    }
};

QTEST_GUILESS_MAIN(TestCompatSwitch)
#include "tst_compat_switch.moc"
