// A machine switches from the reference client (teamai-cli 0.25.0) to us and back, and the
// reverse, on one HOME and one devserver (issue 14): each client's init, then the other's hooks
// as that init wrote them, then the first client's hooks, then the other's uninstall. No 401, the
// same identity and credentials on the wire, no lost or doubled CLAUDE.md block, and after the
// uninstall nothing of TeamAI is left for the other client to run or send.
#include "CompatFixture.h"
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "ReferenceClient.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QtTest>

using namespace teamai::test;

namespace {

const QByteArray kMine = "# Mine\n";

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

/// Every hook command in @p settings ("Event: command"), in the nested layout all three tools use.
QStringList hookCommands(const QJsonObject &settings)
{
    QStringList found;
    for (const SettingsHook &hook : hooksIn(settings))
        found.append(hook.event + QStringLiteral(": ") + hook.hook.value(QStringLiteral("command")).toString());
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

/// Every report and sync on @p wire carries the local_agent_id and the credentials of @p model.
bool sameIdentityAs(const Wire &wire, const QJsonValue &model)
{
    for (const QJsonValue &request : requestsOf(wire)) {
        if (idOf(request) != idOf(model) || authOf(request) != authOf(model)) {
            qWarning("%s differs from %s", QJsonDocument(request.toObject()).toJson(QJsonDocument::Compact).constData(),
                     QJsonDocument(model.toObject()).toJson(QJsonDocument::Compact).constData());
            return false;
        }
    }
    return true;
}

} // namespace

class TestCompatSwitch : public CompatTestCase
{
    Q_OBJECT

public:
    TestCompatSwitch()
        : CompatTestCase({QStringLiteral("claude"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy")})
    {
    }

private:
    /// The reference, then its detached children, done (our worker's too) before the next step.
    bool runReference(const QStringList &arguments) const
    {
        return reference().run(env(), arguments).succeeded() && waitForProcessesIn(env().home());
    }

    bool referenceSessionStart() const
    {
        return reference().sessionStart(env(), tool(), QStringLiteral("compat-switch")).succeeded() && waitForProcessesIn(env().home());
    }

    /// Our binary, run with exactly the arguments a hook in the agent's settings passes. No token
    /// in the environment: it must come from the files the last init left.
    bool runOurHook(const QStringList &arguments, const char *event)
    {
        if (arguments.isEmpty())
            return false;
        const TeamaiRun run = runTeamai(arguments, hookInput(QStringLiteral("compat-switch"), env().home(), QLatin1String(event)), {}, 30000,
                                        env().home());
        // Output is hook output for the agent: only the binding hint (codebuddy, workbuddy).
        const bool quiet = run.out.isEmpty() || run.out.contains("hookSpecificOutput");
        if (!run.finished || run.exitCode != 0 || !quiet)
            qWarning("teamai %s: %s / %s", qPrintable(arguments.join(u' ')), run.out.constData(), run.err.constData());
        return run.finished && run.exitCode == 0 && quiet && waitForProcessesIn(env().home());
    }

    bool runOurs(const QStringList &arguments)
    {
        const TeamaiRun run = runTeamai(arguments, {}, {}, 60000, env().home());
        if (!run.finished || run.exitCode != 0)
            qWarning("teamai %s: %s", qPrintable(arguments.join(u' ')), run.err.constData());
        return run.finished && run.exitCode == 0 && waitForProcessesIn(env().home());
    }

    void setUpHome() override
    {
        QDir().mkpath(env().home() + QStringLiteral("/.") + tool());
        env().writeFile(instructionFileOf(tool()), kMine);
    }

    QStringList settingsHooks()
    {
        return teamaiHooks(hookCommands(QJsonDocument::fromJson(env().readFile(settingsFileOf(tool()))).object()));
    }

    QStringList claudemdEntries()
    {
        QStringList slugs = QJsonDocument::fromJson(env().readFile(QStringLiteral(".teamai/local-agent/manifest.json"))).object()
                                .value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                                .value(QStringLiteral("claudemd")).toObject().keys();
        slugs.sort();
        return slugs;
    }

    QByteArray instruction()
    {
        return env().readFile(instructionFileOf(tool()));
    }

    /// Everything a client could still run or send with after a full uninstall.
    void verifyNothingLeft()
    {
        QCOMPARE(settingsHooks(), QStringList());
        QCOMPARE(instruction(), kMine);
        for (const char *file : {".teamai/token", ".teamai/apikey", ".teamai/local-agent/config.json", ".teamai/local-agent/token", ".teamai/config.yaml"})
            QVERIFY2(!QFile::exists(env().home() + u'/' + QLatin1String(file)), file);
    }

private slots:
    void fromReferenceToUsAndBack()
    {
        QVERIFY(runReference({QStringLiteral("init"), QStringLiteral("--http"), server().baseUrl(), QStringLiteral("--token"),
                              DevServerProcess::token(), QStringLiteral("--scope"), QStringLiteral("user"),
                              QStringLiteral("--agent"), tool(), QStringLiteral("--force")}));
        const QStringList referenceHooks = settingsHooks();
        QVERIFY2(!argumentsFor(referenceHooks, QStringLiteral("session-start"), false).isEmpty(), qPrintable(referenceHooks.join(u'\n')));
        server().queue(claudemdCommand(1, server(), QStringLiteral("alpha"), true));
        QVERIFY(referenceSessionStart());
        QVERIFY(ackedSuccess(1));
        const Wire reference = wireOf(server());
        QVERIFY(!reference.reports.isEmpty());
        server().reset();

        // Our binary behind the reference's hooks: every event, the matcher hooks included.
        server().queue(claudemdCommand(2, server(), QStringLiteral("beta"), true));
        QVERIFY(runOurHook(argumentsFor(referenceHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(2));
        for (const char *event : {"prompt-submit", "post-tool-use", "stop"})
            QVERIFY2(runOurHook(argumentsFor(referenceHooks, QLatin1String(event), false), "Event"), event);
        QVERIFY(waitForRequests(server(), QStringLiteral("report"), 4));  // one round per event
        if (tool() == QLatin1String("claude")) {
            // The reference's PostToolUse matcher hooks run beside its wildcard one for the same
            // tool call: they are accepted and add no second round.
            const QStringList matcherHook = argumentsFor(referenceHooks, QStringLiteral("post-tool-use"), true);
            QVERIFY(matcherHook.contains(QStringLiteral("--matcher")));
            QVERIFY(runOurHook(matcherHook, "PostToolUse"));
            QCOMPARE(server().requests(QStringLiteral("report")).size(), 4);
        }
        QCOMPARE(sectionBlocks(instruction()), (QStringList{QStringLiteral("alpha"), QStringLiteral("beta")}));
        const Wire ours = wireOf(server());
        QCOMPARE(ours.refused, 0);
        QVERIFY(!ours.reports.isEmpty() && !ours.syncs.isEmpty());
        QVERIFY(sameIdentityAs(ours, reference.reports.first()));
        server().reset();

        // Back to the reference: it keeps our block, removes it on command, adds its own. (After its
        // own `init --http` its team-repo pull rewrites the instruction file without the blocks,
        // whoever installed them; its store and manifest are what it keeps: docs/compatibility.md.)
        server().queue(QJsonArray{claudemdCommand(3, server(), QStringLiteral("gamma"), true),
                                  claudemdCommand(4, server(), QStringLiteral("beta"), false)});
        QVERIFY(referenceSessionStart());
        QVERIFY(ackedSuccess(3));
        QVERIFY(ackedSuccess(4));
        QCOMPARE(wireOf(server()).refused, 0);
        QCOMPARE(claudemdEntries(), (QStringList{QStringLiteral("alpha"), QStringLiteral("gamma")}));
        QVERIFY(!QFile::exists(env().stateDir() + QStringLiteral("/resources/user/claudemd/beta.md")));

        // Our full uninstall: nothing of TeamAI left, and the reference's next hook sends nothing.
        QVERIFY(runOurs({QStringLiteral("uninstall"), QStringLiteral("--force")}));
        verifyNothingLeft();
        server().reset();
        QVERIFY(referenceSessionStart());
        const Wire after = wireOf(server());
        QCOMPARE(after.reports.size() + after.syncs.size(), 0);
    }

    void fromUsToReferenceAndBack()
    {
        QVERIFY(runOurs({QStringLiteral("init"), QStringLiteral("--http"), server().baseUrl(), QStringLiteral("--token"),
                         DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                         QStringLiteral("--agents"), tool()}));
        const QStringList ourHooks = settingsHooks();
        QCOMPARE(ourHooks.size(), 4);
        server().queue(claudemdCommand(1, server(), QStringLiteral("alpha"), true));
        QVERIFY(runOurHook(argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(1));
        const Wire ours = wireOf(server());
        QVERIFY(!ours.reports.isEmpty());
        server().reset();

        // The reference, on what our init left: same token, same identity, sees our block.
        server().queue(claudemdCommand(2, server(), QStringLiteral("beta"), true));
        QVERIFY(referenceSessionStart());
        QVERIFY(ackedSuccess(2));
        const Wire reference = wireOf(server());
        QCOMPARE(reference.refused, 0);
        QVERIFY(!reference.reports.isEmpty());
        QVERIFY(sameIdentityAs(reference, ours.reports.first()));
        server().reset();

        // Back to ours: the reference's block stays, ours goes on command.
        server().queue(QJsonArray{claudemdCommand(3, server(), QStringLiteral("gamma"), true),
                                  claudemdCommand(4, server(), QStringLiteral("alpha"), false)});
        QVERIFY(runOurHook(argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        QVERIFY(ackedSuccess(3));
        QVERIFY(ackedSuccess(4));
        QCOMPARE(wireOf(server()).refused, 0);
        const QByteArray merged = instruction();
        QVERIFY2(merged.startsWith(kMine), merged.constData());
        QCOMPARE(sectionBlocks(merged), (QStringList{QStringLiteral("beta"), QStringLiteral("gamma")}));
        QCOMPARE(settingsHooks(), ourHooks);

        // The reference's uninstall finds none of its own configuration (our init writes none) and
        // removes ~/.teamai only, as it does for itself then. Our hooks, still in the agent's
        // settings, then send nothing; our uninstall removes them and the blocks.
        QVERIFY(runReference({QStringLiteral("uninstall"), QStringLiteral("--force")}));
        QVERIFY(!QFileInfo::exists(env().teamaiHome()));
        server().reset();
        QVERIFY(runOurHook(argumentsFor(ourHooks, QStringLiteral("session-start"), false), "SessionStart"));
        const Wire after = wireOf(server());
        QCOMPARE(after.reports.size() + after.syncs.size(), 0);
        QVERIFY(runOurs({QStringLiteral("uninstall"), QStringLiteral("--force")}));
        verifyNothingLeft();
    }
};

QTEST_GUILESS_MAIN(TestCompatSwitch)
#include "tst_compat_switch.moc"
