// Workspace bindings end to end (issue 15 item 3): `teamai bind-project` against the development
// backend's GET /api/projects/mine, what it writes into config.json, pruning, worktrees, the
// binding hint of the codebuddy/workbuddy hooks (and that a failing backend changes nothing and
// prints nothing), and project-scope resources landing only in bound workspaces. And get-config
// (item 4): its plugins reconciled through the restricted path, a failed or malformed answer
// changing nothing, the kill switch stopping it all.
#include "AgentTestCase.h"
#include "DataTable.h"
#include "JsonLookup.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QThread>
#include <QtTest>

#include <sys/stat.h>

#include <memory>

using namespace teamai::test;

namespace {

QJsonArray twoProjects()
{
    return QJsonArray{QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("name"), QStringLiteral("Alpha")},
                                  {QStringLiteral("description"), QStringLiteral("the first")}},
                      QJsonObject{{QStringLiteral("id"), 9}, {QStringLiteral("name"), QStringLiteral("Beta")}}};
}

int modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 0777) : -1;
}

bool writeText(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size();
}

QJsonObject pluginSection(const QString &install, const QString &version = QStringLiteral("1"))
{
    return QJsonObject{{QStringLiteral("install_cmd"), install},
                       {QStringLiteral("run_cmd"), QStringLiteral("teamai status --json")},
                       {QStringLiteral("uninstall_cmd"), QStringLiteral("teamai --version")},
                       {QStringLiteral("version"), version}};
}

} // namespace

class TestBindingE2e : public AgentTestCase
{
    Q_OBJECT

    QString home() const { return QFileInfo(f->env().home()).canonicalFilePath(); }
    QString configPath() const { return f->env().stateDir() + QStringLiteral("/config.json"); }
    QJsonObject config() const { return QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object(); }
    QJsonObject bindings() const { return config().value(QStringLiteral("workspaceBindings")).toObject(); }

    /// A git checkout (a folder with `.git/`) under HOME.
    QString repo(const QString &name) const
    {
        const QString path = home() + u'/' + name;
        QDir().mkpath(path + QStringLiteral("/.git"));
        QDir().mkpath(path + QStringLiteral("/src"));
        return path;
    }

    TeamaiRun bindProject(const QStringList &arguments, const QString &cwd)
    {
        return runTeamai(QStringList{QStringLiteral("bind-project")} + arguments, {}, {}, 30000, cwd);
    }

    TeamaiRun hook(const QString &event, const QString &tool, const QString &cwd, const QString &session,
                   const QStringList &environment = {})
    {
        const QJsonObject input{{QStringLiteral("session_id"), session}, {QStringLiteral("cwd"), cwd},
                                {QStringLiteral("hook_event_name"), event == QLatin1String("session-start") ? QStringLiteral("SessionStart")
                                                                                                           : QStringLiteral("UserPromptSubmit")}};
        return runTeamai({QStringLiteral("--hook"), event, QStringLiteral("--tool"), tool},
                         QJsonDocument(input).toJson(QJsonDocument::Compact), environment, 30000, home());
    }

    /// The `workspaces` of the last request of @p route.
    QJsonArray lastWorkspaces(const QString &route) { return f->server().lastBody(route).value(QStringLiteral("workspaces")).toArray(); }

    static QJsonObject workspaceIn(const QJsonArray &workspaces, const QString &path)
    {
        return objectWhere(workspaces, QStringLiteral("path"), path);
    }

    static QString contextOf(const QByteArray &out, const QString &eventName)
    {
        const QJsonObject output = QJsonDocument::fromJson(out).object().value(QStringLiteral("hookSpecificOutput")).toObject();
        return output.value(QStringLiteral("hookEventName")).toString() == eventName
            ? output.value(QStringLiteral("additionalContext")).toString() : QString();
    }

    QString stateFile(const char *name) const { return f->env().stateDir() + u'/' + QLatin1String(name); }
    QJsonObject stateJson(const char *name) const
    {
        QFile file(stateFile(name));
        return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
    }

    /// Waits until the detached `teamai reconcile-plugins` recorded its pull and let go of its lock.
    bool waitForReconcile()
    {
        const QDeadlineTimer deadline(30000);
        while (!stateJson("plugin-pull.json").contains(QStringLiteral("lastPullAt"))) {
            if (deadline.hasExpired())
                return false;
            QThread::msleep(50);
        }
        return f->waitForWorkers();
    }

    TeamaiRun sessionStart() { return hook(QStringLiteral("session-start"), QStringLiteral("claude"), home(), QStringLiteral("s-plugins")); }

    void setUp() override
    {
        f->server().setSettings(QJsonObject{{QStringLiteral("projects"), twoProjects()}});
    }

private slots:
    void bindProjectWritesTheReferenceEntry()
    {
        const QString app = repo(QStringLiteral("app"));
        const QJsonObject before = config();
        const TeamaiRun run = bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, app + QStringLiteral("/src"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("Alpha"), run.out.constData());

        const QJsonObject entry = bindings().value(app).toObject();
        QCOMPARE(entry.value(QStringLiteral("projectId")), QJsonValue(7));
        QCOMPARE(entry.value(QStringLiteral("projectName")).toString(), QStringLiteral("Alpha"));
        QVERIFY(QDateTime::fromString(entry.value(QStringLiteral("boundAt")).toString(), Qt::ISODateWithMs).isValid());
        QCOMPARE(bindings().size(), 1);
        for (const char *key : {"endpoint", "createdAt"})
            QCOMPARE(config().value(QLatin1String(key)), before.value(QLatin1String(key)));
        QCOMPARE(modeOf(configPath()), 0600);

        // It asked the backend with the token, on the projects route.
        const QJsonArray asked = f->server().requests(QStringLiteral("projects"));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.at(0).toObject().value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
        QCOMPARE(asked.at(0).toObject().value(QStringLiteral("x_api_token")).toString(), DevServerProcess::token());

        // Re-binding to another project replaces it; a sync reports it with its project id.
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("9")}, app).exitCode, 0);
        QCOMPARE(bindings().value(app).toObject().value(QStringLiteral("projectId")), QJsonValue(9));
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {}, {}, 30000, app).exitCode, 0);
        QCOMPARE(workspaceIn(lastWorkspaces(QStringLiteral("report")), app).value(QStringLiteral("project_id")), QJsonValue(9));
        QCOMPARE(bindings().value(app).toObject().value(QStringLiteral("ideType")).toString(), QStringLiteral("claude"));

        // `teamai status` lists it.
        const QJsonObject status = QJsonDocument::fromJson(runTeamai({QStringLiteral("status"), QStringLiteral("--json")}).out).object();
        const QJsonArray listed = status.value(QStringLiteral("bindings")).toObject().value(QStringLiteral("workspaces")).toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("path")).toString(), app);
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("project_id")).toString(), QStringLiteral("9"));
        QVERIFY(runTeamai({QStringLiteral("status")}).out.contains(QStringLiteral("%1  →  Beta (#9)").arg(app).toUtf8()));
    }

    void bindProjectRefusesClearly_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown project") << QStringList{QStringLiteral("--project-id"), QStringLiteral("8")} << 1 << QByteArray("8 is not one of your projects");
        QTest::newRow("no id, no terminal") << QStringList{} << 1 << QByteArray("no terminal");
        QTest::newRow("id with shell characters") << QStringList{QStringLiteral("--project-id"), QStringLiteral("7;ls")} << 2 << QByteArray("is not a project id");
        QTest::newRow("id 0") << QStringList{QStringLiteral("--project-id"), QStringLiteral("0")} << 2 << QByteArray("is not a project id");
        QTest::newRow("skip and id") << QStringList{QStringLiteral("--skip"), QStringLiteral("--project-id"), QStringLiteral("7")} << 2 << QByteArray("exclude each other");
        QTest::newRow("stray argument") << QStringList{QStringLiteral("7")} << 2 << QByteArray("teamai bind-project");
    }
    void bindProjectRefusesClearly()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        const QByteArray before = f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"));
        const TeamaiRun run = bindProject(arguments, repo(QStringLiteral("app")));
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QVERIFY(run.out.isEmpty());
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json")), before);
        if (qstrcmp(QTest::currentDataTag(), "no id, no terminal") == 0)
            QVERIFY2(run.err.contains("1. Alpha \xe2\x80\x94 the first [id 7]") && run.err.contains("2. Beta [id 9]"), run.err.constData());
    }

    void bindProjectWithAFailingBackendChangesNothing_data()
    {
        QTest::addColumn<QJsonObject>("fault");
        QTest::newRow("500") << QJsonObject{{QStringLiteral("status"), 500}};
        QTest::newRow("401") << QJsonObject{{QStringLiteral("status"), 401}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("error"), QStringLiteral("invalid token")}}}};
        QTest::newRow("not JSON") << QJsonObject{{QStringLiteral("malformed"), true}};
        QTest::newRow("projects not a list") << QJsonObject{{QStringLiteral("status"), 200}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("projects"), QStringLiteral("x")}}}};
        QTest::newRow("entry without a name") << QJsonObject{{QStringLiteral("status"), 200}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("projects"), QJsonArray{QJsonObject{{QStringLiteral("id"), 7}}}}}}};
    }
    void bindProjectWithAFailingBackendChangesNothing()
    {
        QFETCH(QJsonObject, fault);
        fault.insert(QStringLiteral("route"), QStringLiteral("projects"));
        f->server().setFault(fault);
        const QByteArray before = f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"));
        const TeamaiRun run = bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, repo(QStringLiteral("app")));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("cannot list your projects"), run.err.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json")), before);
    }

    void bindProjectNeedsASetUpAgent()
    {
        TestEnvironment fresh;  // another HOME, nothing initialised
        QDir().mkpath(fresh.home() + QStringLiteral("/w"));
        const TeamaiRun run = runTeamai({QStringLiteral("bind-project"), QStringLiteral("--skip")}, {}, {}, 30000, fresh.home() + QStringLiteral("/w"));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("teamai init"), run.err.constData());
        QVERIFY(!QFileInfo::exists(fresh.stateDir() + QStringLiteral("/config.json")));

        // Environment-only mode has no config.json to keep bindings in: none is written (the
        // reference would write one, token included).
        const TeamaiRun envOnly = runTeamai({QStringLiteral("bind-project"), QStringLiteral("--project-id"), QStringLiteral("7")}, {},
                                            {QStringLiteral("TEAMAI_HTTP_ENDPOINT=") + f->server().baseUrl(),
                                             QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()},
                                            30000, fresh.home() + QStringLiteral("/w"));
        QCOMPARE(envOnly.exitCode, 1);
        QVERIFY2(envOnly.err.contains("environment-only mode"), envOnly.err.constData());
        QVERIFY(!QFileInfo::exists(fresh.stateDir() + QStringLiteral("/config.json")));
    }

    void skipSilencesTheHints()
    {
        const QString app = repo(QStringLiteral("app"));
        const TeamaiRun run = bindProject({QStringLiteral("--skip")}, app);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject entry = bindings().value(app).toObject();
        QCOMPARE(entry.value(QStringLiteral("projectId")), QJsonValue(0));
        QCOMPARE(entry.value(QStringLiteral("projectName")).toString(), QStringLiteral("__skipped__"));
        QVERIFY(f->server().requests(QStringLiteral("projects")).isEmpty());  // skipping needs no backend

        const TeamaiRun start = hook(QStringLiteral("session-start"), QStringLiteral("workbuddy"), app, QStringLiteral("s-skip"));
        QCOMPARE(start.exitCode, 0);
        QVERIFY2(start.out.isEmpty(), start.out.constData());
        QVERIFY(hook(QStringLiteral("prompt-submit"), QStringLiteral("workbuddy"), app, QStringLiteral("s-skip")).out.isEmpty());
        QVERIFY(f->server().requests(QStringLiteral("projects")).isEmpty());
    }

    void deadBindingsArePruned()
    {
        const QString app = repo(QStringLiteral("app"));
        const QString gone = repo(QStringLiteral("gone"));
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, app).exitCode, 0);
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("9")}, gone).exitCode, 0);
        QCOMPARE(bindings().size(), 2);
        QVERIFY(QDir(gone).removeRecursively());
        QCOMPARE(runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {}, {}, 30000, app).exitCode, 0);
        QCOMPARE(bindings().keys(), QStringList{app});
        QVERIFY(workspaceIn(lastWorkspaces(QStringLiteral("report")), gone).isEmpty());
    }

    void worktreesFollowTheirMainCheckout()
    {
        // `git worktree add` as files: main/.git/worktrees/wt with commondir, wt/.git pointing there.
        const QString main = repo(QStringLiteral("main"));
        const QString admin = main + QStringLiteral("/.git/worktrees/wt");
        const QString wt = home() + QStringLiteral("/wt");
        QVERIFY(writeText(admin + QStringLiteral("/commondir"), "../..\n"));
        QVERIFY(writeText(wt + QStringLiteral("/.git"), "gitdir: " + admin.toUtf8() + "\n"));
        QDir().mkpath(wt + QStringLiteral("/src"));
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, main).exitCode, 0);
        QCOMPARE(bindings().keys(), QStringList{main});

        // A session in the worktree inherits the binding, prints nothing and reports the project.
        const TeamaiRun start = hook(QStringLiteral("session-start"), QStringLiteral("codebuddy"), wt + QStringLiteral("/src"), QStringLiteral("s-wt"));
        QCOMPARE(start.exitCode, 0);
        QVERIFY2(start.out.isEmpty(), start.out.constData());
        const QJsonObject inherited = bindings().value(wt).toObject();
        QCOMPARE(inherited.value(QStringLiteral("projectId")), QJsonValue(7));
        QCOMPARE(inherited.value(QStringLiteral("projectName")).toString(), QStringLiteral("Alpha"));
        QCOMPARE(inherited.value(QStringLiteral("ideType")).toString(), QStringLiteral("codebuddy"));
        QCOMPARE(workspaceIn(lastWorkspaces(QStringLiteral("report")), wt).value(QStringLiteral("project_id")), QJsonValue(7));
        QVERIFY(f->server().requests(QStringLiteral("projects")).size() == 1);  // only bind-project's

        // Binding from inside the worktree binds the main checkout too.
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("9")}, wt + QStringLiteral("/src")).exitCode, 0);
        QCOMPARE(bindings().value(wt).toObject().value(QStringLiteral("projectId")), QJsonValue(9));
        QCOMPARE(bindings().value(main).toObject().value(QStringLiteral("projectId")), QJsonValue(9));
    }

    void hooksHintOncePerSessionAndEvent()
    {
        const QString app = repo(QStringLiteral("app"));
        const TeamaiRun start = hook(QStringLiteral("session-start"), QStringLiteral("workbuddy"), app + QStringLiteral("/src"), QStringLiteral("s1"));
        QCOMPARE(start.exitCode, 0);
        QVERIFY(start.out.endsWith('\n') && start.out.count('\n') == 1);
        const QString context = contextOf(start.out, QStringLiteral("SessionStart"));
        QVERIFY2(context.contains(QStringLiteral("Alpha (id 7), Beta (id 9)")), start.out.constData());
        QVERIFY(context.contains(QStringLiteral("teamai bind-project")));
        QVERIFY(f->server().requests(QStringLiteral("sync")).size() >= 1);  // the round still ran

        QVERIFY(hook(QStringLiteral("session-start"), QStringLiteral("workbuddy"), app, QStringLiteral("s1")).out.isEmpty());
        const TeamaiRun prompt = hook(QStringLiteral("prompt-submit"), QStringLiteral("workbuddy"), app, QStringLiteral("s1"));
        const QString choices = contextOf(prompt.out, QStringLiteral("UserPromptSubmit"));
        QVERIFY2(choices.contains(QStringLiteral("1. Bind it to the project \"Alpha\"")), prompt.out.constData());
        QVERIFY(choices.contains(QStringLiteral("teamai bind-project --project-id 9")));
        QVERIFY(choices.contains(QStringLiteral("3. Do not bind it")));
        QVERIFY(hook(QStringLiteral("prompt-submit"), QStringLiteral("workbuddy"), app, QStringLiteral("s1")).out.isEmpty());
        QVERIFY(!hook(QStringLiteral("prompt-submit"), QStringLiteral("workbuddy"), app, QStringLiteral("s2")).out.isEmpty());
        QVERIFY(bindings().isEmpty());  // a hint never binds anything by itself

        // Once bound, no more hints.
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, app).exitCode, 0);
        QVERIFY(hook(QStringLiteral("prompt-submit"), QStringLiteral("workbuddy"), app, QStringLiteral("s3")).out.isEmpty());
    }

    void hintsOnlyWhereTheReferenceGivesThem_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<QJsonArray>("projects");
        QTest::newRow("claude has no binding flow") << QStringLiteral("claude") << QStringList{} << twoProjects();
        QTest::newRow("cursor has no binding flow") << QStringLiteral("cursor") << QStringList{} << twoProjects();
        QTest::newRow("turned off") << QStringLiteral("workbuddy") << QStringList{QStringLiteral("TEAMAI_BIND_PROMPT_ENABLED=false")} << twoProjects();
        QTest::newRow("no project") << QStringLiteral("codebuddy") << QStringList{} << QJsonArray{};
    }
    void hintsOnlyWhereTheReferenceGivesThem()
    {
        QFETCH(QString, tool);
        QFETCH(QStringList, environment);
        QFETCH(QJsonArray, projects);
        f->server().setSettings(QJsonObject{{QStringLiteral("projects"), projects}});
        const QString app = repo(QStringLiteral("app"));
        for (const char *event : {"session-start", "prompt-submit"}) {
            const TeamaiRun run = hook(QString::fromLatin1(event), tool, app, QStringLiteral("s"), environment);
            QCOMPARE(run.exitCode, 0);
            QVERIFY2(run.out.isEmpty(), run.out.constData());
        }
        if (!projects.isEmpty())
            QVERIFY(f->server().requests(QStringLiteral("projects")).isEmpty());
    }

    void aFailingProjectsAnswerChangesNothing_data()
    {
        QTest::addColumn<QJsonObject>("fault");
        QTest::newRow("500") << QJsonObject{{QStringLiteral("status"), 500}};
        QTest::newRow("not JSON") << QJsonObject{{QStringLiteral("malformed"), true}};
        QTest::newRow("malformed list") << QJsonObject{{QStringLiteral("status"), 200}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("projects"), QJsonArray{5}}}}};
        QTest::newRow("dropped") << QJsonObject{{QStringLiteral("drop"), true}};
        QTest::newRow("slow") << QJsonObject{{QStringLiteral("delayMs"), 6000}};
    }
    void aFailingProjectsAnswerChangesNothing()
    {
        QFETCH(QJsonObject, fault);
        fault.insert(QStringLiteral("route"), QStringLiteral("projects"));
        f->server().setFault(fault);
        const QString app = repo(QStringLiteral("app"));
        const QByteArray before = f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"));
        const TeamaiRun run = hook(QStringLiteral("session-start"), QStringLiteral("workbuddy"), app, QStringLiteral("s-fail"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.isEmpty(), run.out.constData());
        QVERIFY2(run.elapsedMs < 4500, qPrintable(QString::number(run.elapsedMs)));  // SPEC §6 foreground budget
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json")), before);
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);  // the round went on
    }

    void projectScopeResourcesGoOnlyToBoundWorkspaces()
    {
        const QString bound = repo(QStringLiteral("bound"));
        const QString skipped = repo(QStringLiteral("skipped"));
        const QString unbound = repo(QStringLiteral("unbound"));
        QCOMPARE(bindProject({QStringLiteral("--project-id"), QStringLiteral("7")}, bound).exitCode, 0);
        QCOMPARE(bindProject({QStringLiteral("--skip")}, skipped).exitCode, 0);
        const QString url = f->server().baseUrl() + QStringLiteral("/download/skill/team-skill.zip?name=team-skill&version=1.0.0");
        const auto install = [&](qint64 id, const QString &workspace) {
            return resourceCommand(id, QStringLiteral("install_skill"),
                                   QJsonObject{{QStringLiteral("skill_slug"), QStringLiteral("team-skill")},
                                               {QStringLiteral("scope"), QStringLiteral("project")},
                                               {QStringLiteral("workspace_path"), workspace},
                                               {QStringLiteral("download_url"), url}});
        };
        f->server().queue(QJsonArray{install(1, bound), install(2, unbound), install(3, skipped)});
        // Synced from HOME: none of the workspaces is the cwd, so only a binding lets one in.
        runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {}, {}, 30000, home());

        QCOMPARE(f->ackFor(1).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(QFileInfo::exists(bound + QStringLiteral("/.claude/skills/team-skill/SKILL.md")));
        for (const auto &[id, workspace] : {std::pair{2, unbound}, std::pair{3, skipped}}) {
            const QJsonObject ack = f->ackFor(id);
            QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            QCOMPARE(ack.value(QStringLiteral("error")).toString(), QStringLiteral("Workspace is not bound to this agent: %1").arg(workspace));
            QVERIFY(!QFileInfo::exists(workspace + QStringLiteral("/.claude")));
        }
    }

    void getConfigPluginsRunOnlyThroughTheAllowlist()
    {
        f->server().setSettings(QJsonObject{{QStringLiteral("getConfig"),
                                             QJsonObject{{QStringLiteral("ok"), true},
                                                         {QStringLiteral("probe"), pluginSection(QStringLiteral("teamai --version"))},
                                                         {QStringLiteral("npm"), pluginSection(QStringLiteral("npm install -g evil"))}}}});
        QCOMPARE(sessionStart().exitCode, 0);
        QVERIFY(waitForReconcile());
        const QJsonObject plugins = stateJson("plugins.json");
        const QJsonObject probe = plugins.value(QStringLiteral("probe")).toObject();
        QVERIFY(probe.value(QStringLiteral("ready")).toBool());
        QCOMPARE(probe.value(QStringLiteral("version")).toString(), QStringLiteral("1"));
        QCOMPARE(probe.value(QStringLiteral("uninstallCmd")).toString(), QStringLiteral("teamai --version"));
        const QJsonObject npm = plugins.value(QStringLiteral("npm")).toObject();
        QVERIFY(!npm.value(QStringLiteral("ready")).toBool());
        QCOMPARE(npm.value(QStringLiteral("lastError")).toString(), QStringLiteral("Rejected cmd: only \"teamai\" subcommands are allowed, got \"npm\""));
        QCOMPARE(f->server().requests(QStringLiteral("getConfig")).size(), 2);  // the hook's look, the reconcile's read

        // Within 12 hours a session does not ask again.
        QCOMPARE(sessionStart().exitCode, 0);
        QCOMPARE(f->server().requests(QStringLiteral("getConfig")).size(), 2);
    }

    void anEmptyAnswerUninstallsButAFailedOneChangesNothing_data()
    {
        QTest::addColumn<QJsonObject>("fault");
        QTest::addColumn<bool>("changes");
        QTest::newRow("no plugin declared") << QJsonObject{} << true;
        QTest::newRow("500") << QJsonObject{{QStringLiteral("status"), 500}} << false;
        QTest::newRow("not JSON") << QJsonObject{{QStringLiteral("malformed"), true}} << false;
        QTest::newRow("a JSON array") << QJsonObject{{QStringLiteral("status"), 200}, {QStringLiteral("body"), QJsonArray{1, 2}}} << false;
        QTest::newRow("half a plugin") << QJsonObject{{QStringLiteral("status"), 200},
                                                      {QStringLiteral("body"), QJsonObject{{QStringLiteral("x"), QJsonObject{{QStringLiteral("install_cmd"), QStringLiteral("teamai --version")}}}}}}
                                       << false;
        QTest::newRow("dropped") << QJsonObject{{QStringLiteral("drop"), true}} << false;
    }
    void anEmptyAnswerUninstallsButAFailedOneChangesNothing()
    {
        QFETCH(QJsonObject, fault);
        QFETCH(bool, changes);
        const QByteArray recorded = QJsonDocument(QJsonObject{{QStringLiteral("old"),
            QJsonObject{{QStringLiteral("slug"), QStringLiteral("old")}, {QStringLiteral("ready"), true},
                        {QStringLiteral("uninstallCmd"), QStringLiteral("teamai --version")}}}}).toJson();
        QVERIFY(writeText(stateFile("plugins.json"), recorded));
        if (!fault.isEmpty()) {
            fault.insert(QStringLiteral("route"), QStringLiteral("getConfig"));
            f->server().setFault(fault);
        }
        QCOMPARE(sessionStart().exitCode, 0);
        if (changes) {
            QVERIFY(waitForReconcile());
            QVERIFY(stateJson("plugins.json").isEmpty());  // uninstalled, as the reference does
            return;
        }
        QVERIFY(f->waitForWorkers());
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/plugins.json")), recorded);
        QVERIFY(stateJson("plugin-pull.json").value(QStringLiteral("lastFailAt")).toDouble() > 0);
        // Past the backoff, run by hand: the same answer still changes nothing.
        QVERIFY(QFile::remove(stateFile("plugin-pull.json")));
        const TeamaiRun run = runTeamai({QStringLiteral("reconcile-plugins"), QStringLiteral("--tool"), QStringLiteral("claude")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("Plugins not reconciled"), run.out.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/plugins.json")), recorded);
    }

    void uninstallRunsEachPluginsUninstallCommand_data() { loadTable(); }
    void uninstallRunsEachPluginsUninstallCommand()
    {
        QFETCH(bool, remoteCommandsOff);
        const auto record = [](const QString &slug, const QString &uninstall) {
            return QJsonObject{{QStringLiteral("slug"), slug}, {QStringLiteral("ready"), true}, {QStringLiteral("uninstallCmd"), uninstall}};
        };
        QVERIFY(writeText(stateFile("plugins.json"),
                          QJsonDocument(QJsonObject{{QStringLiteral("probe"), record(QStringLiteral("probe"), QStringLiteral("teamai --version"))},
                                                    {QStringLiteral("npm"), record(QStringLiteral("npm"), QStringLiteral("npm uninstall -g evil"))}})
                              .toJson()));
        if (remoteCommandsOff)
            QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode, 0);
        const TeamaiRun dry = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--dry-run")});
        QVERIFY2(dry.out.contains("plugin probe (runs its uninstall command `teamai --version`)"), dry.out.constData());

        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QCOMPARE(run.exitCode, 1);  // one plugin could not be uninstalled
        const QJsonObject left = stateJson("plugins.json");
        QVERIFY(left.contains(QStringLiteral("npm")));
        QVERIFY2(run.err.contains("plugin npm was not uninstalled (Rejected cmd: only \"teamai\" subcommands are allowed, got \"npm\")")
                     || (remoteCommandsOff && run.err.contains("plugin npm was not uninstalled (remote cmd disabled by client)")),
                 run.err.constData());
        // Ours ran and is gone, unless the kill switch is off: then nothing of the backend's runs.
        QCOMPARE(left.contains(QStringLiteral("probe")), remoteCommandsOff);
        QCOMPARE(run.out.contains("Uninstalled plugin probe"), !remoteCommandsOff);
        QVERIFY(!QFileInfo::exists(configPath()));  // the rest of the uninstall went on
    }

    void theKillSwitchStopsPlugins()
    {
        QCOMPARE(runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}).exitCode, 0);
        f->server().setSettings(QJsonObject{{QStringLiteral("getConfig"),
                                             QJsonObject{{QStringLiteral("probe"), pluginSection(QStringLiteral("teamai --version"))}}}});
        QCOMPARE(sessionStart().exitCode, 0);
        const TeamaiRun run = runTeamai({QStringLiteral("reconcile-plugins")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("remote cmd disabled by client"), run.out.constData());
        QVERIFY(f->server().requests(QStringLiteral("getConfig")).isEmpty());
        QVERIFY(!QFileInfo::exists(stateFile("plugins.json")));
    }
};

QTEST_GUILESS_MAIN(TestBindingE2e)
#include "tst_binding_e2e.moc"
