// Workspace bindings shared with the reference client (issue 15 item 3): a binding the reference
// (teamai-cli 0.25.0) writes with `teamai bind-project` is one we report and deliver project
// resources to, and one we write is one the reference reports and stops hinting about (a skip
// marker too). Both clients run against one devserver and one HOME.
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "JsonLookup.h"
#include "ReferenceClient.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QUuid>
#include <QtTest>

using namespace teamai::test;

namespace {

QJsonArray projects()
{
    return QJsonArray{QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("name"), QStringLiteral("Alpha")}},
                      QJsonObject{{QStringLiteral("id"), 9}, {QStringLiteral("name"), QStringLiteral("Beta")}}};
}

QJsonObject workspaceIn(const QJsonArray &workspaces, const QString &path)
{
    return objectWhere(workspaces, QStringLiteral("path"), path);
}

} // namespace

class TestCompatBinding : public CompatTestCase
{
    Q_OBJECT

    QString m_git;

    ReferenceRun runReference(const QStringList &arguments, const QString &cwd) const
    {
        return reference().run(ReferenceClient::environmentFor(env()), cwd, arguments);
    }

    ReferenceRun referenceSessionStart(const QString &tool, const QString &cwd) const
    {
        // A fresh session id each time: the reference keeps its "hinted" markers in the shared tmp.
        return reference().sessionStart(ReferenceClient::environmentFor(env()), tool, cwd, QUuid::createUuid().toString(QUuid::WithoutBraces));
    }

    /// A real git checkout: the reference finds workspaces with `git rev-parse --show-toplevel`.
    QString gitRepo(const QString &name)
    {
        const QString path = QFileInfo(env().home()).canonicalFilePath() + u'/' + name;
        QDir().mkpath(path + QStringLiteral("/src"));
        QProcess git;
        git.start(m_git, {QStringLiteral("init"), QStringLiteral("-q"), path});
        git.waitForFinished(30000);
        return path;
    }

    void prepareHome()
    {
        writeReferenceConfig(env(), server());
        server().setSettings(QJsonObject{{QStringLiteral("projects"), projects()}});
    }

    QJsonObject bindings()
    {
        return QJsonDocument::fromJson(env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object()
            .value(QStringLiteral("workspaceBindings")).toObject();
    }

    QJsonArray lastWorkspaces(const QString &route) { return server().lastBody(route).value(QStringLiteral("workspaces")).toArray(); }

    /// A linked worktree of @p main at @p path (`git worktree add`), after a first commit.
    bool addWorktree(const QString &main, const QString &path)
    {
        const auto git = [&](const QStringList &args) {
            QProcess process;
            process.start(m_git, QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"), QStringLiteral("-c"),
                                             QStringLiteral("user.email=t@t"), QStringLiteral("-C"), main} + args);
            return process.waitForFinished(30000) && process.exitCode() == 0;
        };
        return git({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("--allow-empty"), QStringLiteral("-m"), QStringLiteral("x")})
            && git({QStringLiteral("worktree"), QStringLiteral("add"), QStringLiteral("-q"), path});
    }

private slots:
    void initTestCase()
    {
        m_git = QStandardPaths::findExecutable(QStringLiteral("git"));
        if (m_git.isEmpty())
            QSKIP("git is not installed (the reference client needs it to find workspaces)");
        CompatTestCase::initTestCase();
    }

    void referenceBindsWeUseIt()
    {
        prepareHome();
        const QString app = gitRepo(QStringLiteral("app"));

        const ReferenceRun bound = runReference({QStringLiteral("bind-project"), QStringLiteral("--project-id"), QStringLiteral("7")}, app + QStringLiteral("/src"));
        QVERIFY2(bound.succeeded(), bound.err.constData());
        const QJsonObject entry = bindings().value(app).toObject();
        QCOMPARE(entry.value(QStringLiteral("projectId")), QJsonValue(7));
        QCOMPARE(entry.value(QStringLiteral("projectName")).toString(), QStringLiteral("Alpha"));

        // Our hook sees the binding: no hint, and the workspace is reported with its project.
        const TeamaiRun hook = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("workbuddy")},
                                         QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("ours-1")}, {QStringLiteral("cwd"), app}})
                                             .toJson(QJsonDocument::Compact),
                                         {QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()}, 60000, app);
        QCOMPARE(hook.exitCode, 0);
        QVERIFY2(hook.out.isEmpty(), hook.out.constData());
        QCOMPARE(workspaceIn(lastWorkspaces(QStringLiteral("report")), app).value(QStringLiteral("project_id")), QJsonValue(7));

        // And a project-scope skill for it lands in the workspace, though we sync from HOME.
        server().queue(QJsonObject{{QStringLiteral("id"), 1}, {QStringLiteral("type"), QStringLiteral("install_skill")},
                                 {QStringLiteral("skill_slug"), QStringLiteral("team-skill")}, {QStringLiteral("scope"), QStringLiteral("project")},
                                 {QStringLiteral("workspace_path"), app},
                                 {QStringLiteral("download_url"), QString(server().baseUrl() + QStringLiteral("/download/skill/team-skill.zip?name=team-skill"))}});
        runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {},
                  {QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()}, 60000, env().home());
        QCOMPARE(server().acks().last().toObject().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(QFileInfo::exists(app + QStringLiteral("/.claude/skills/team-skill/SKILL.md")));
        QVERIFY2(waitForProcessesIn(env().home()), "the reference's detached child did not finish");
    }

    void weBindTheReferenceUsesIt()
    {
        prepareHome();
        const QString app = gitRepo(QStringLiteral("app"));
        const QString skipped = gitRepo(QStringLiteral("skipped"));
        const QString unbound = gitRepo(QStringLiteral("unbound"));
        const QStringList token{QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()};
        QCOMPARE(runTeamai({QStringLiteral("bind-project"), QStringLiteral("--project-id"), QStringLiteral("9")}, {}, token, 60000, app + QStringLiteral("/src")).exitCode, 0);
        QCOMPARE(runTeamai({QStringLiteral("bind-project"), QStringLiteral("--skip")}, {}, token, 60000, skipped).exitCode, 0);

        // The reference's hook in the bound workspace: no hint; it reports the project we bound.
        const ReferenceRun inBound = referenceSessionStart(QStringLiteral("codebuddy"), app);
        QVERIFY2(inBound.exited, inBound.err.constData());
        QVERIFY2(!inBound.out.contains("hookSpecificOutput"), inBound.out.constData());
        QCOMPARE(workspaceIn(lastWorkspaces(QStringLiteral("sync")), app).value(QStringLiteral("project_id")), QJsonValue(9));
        QCOMPARE(bindings().value(app).toObject().value(QStringLiteral("ideType")).toString(), QStringLiteral("codebuddy"));

        // Our skip marker silences it too; an unbound workspace gets its hint (and ours).
        const ReferenceRun inSkipped = referenceSessionStart(QStringLiteral("codebuddy"), skipped);
        QVERIFY2(!inSkipped.out.contains("hookSpecificOutput"), inSkipped.out.constData());
        const ReferenceRun inUnbound = referenceSessionStart(QStringLiteral("codebuddy"), unbound);
        QVERIFY2(inUnbound.out.contains("\"hookEventName\":\"SessionStart\""), inUnbound.out.constData());
        const TeamaiRun ours = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("codebuddy")},
                                         QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("ours-2")}, {QStringLiteral("cwd"), unbound}})
                                             .toJson(QJsonDocument::Compact),
                                         token, 60000, unbound);
        const QJsonObject oursOutput = QJsonDocument::fromJson(ours.out).object().value(QStringLiteral("hookSpecificOutput")).toObject();
        const QJsonObject theirs = QJsonDocument::fromJson(inUnbound.out.trimmed().split('\n').last()).object().value(QStringLiteral("hookSpecificOutput")).toObject();
        QCOMPARE(oursOutput.keys(), theirs.keys());  // the same hook output format
        QCOMPARE(oursOutput.value(QStringLiteral("hookEventName")), theirs.value(QStringLiteral("hookEventName")));

        // Both clients leave the file readable by the other: the reference still loads it.
        const QJsonObject all = bindings();
        QCOMPARE(all.value(skipped).toObject().value(QStringLiteral("projectName")).toString(), QStringLiteral("__skipped__"));
        QVERIFY(!all.contains(unbound));
        QVERIFY2(waitForProcessesIn(env().home()), "the reference's detached child did not finish");
    }

    void worktreesInheritEitherWay()
    {
        prepareHome();
        const QStringList token{QStringLiteral("TEAMAI_TOKEN=") + DevServerProcess::token()};
        const QString home = QFileInfo(env().home()).canonicalFilePath();

        // The reference binds the main checkout; our hook in its worktree inherits it.
        const QString theirs = gitRepo(QStringLiteral("theirs"));
        QVERIFY(addWorktree(theirs, home + QStringLiteral("/theirs-wt")));
        QVERIFY(runReference({QStringLiteral("bind-project"), QStringLiteral("--project-id"), QStringLiteral("7")}, theirs).exited);
        const TeamaiRun hook = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("workbuddy")},
                                         QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("ours-wt")},
                                                                   {QStringLiteral("cwd"), QString(home + QStringLiteral("/theirs-wt"))}}).toJson(QJsonDocument::Compact),
                                         token, 60000, home);
        QVERIFY2(hook.out.isEmpty(), hook.out.constData());
        QCOMPARE(bindings().value(home + QStringLiteral("/theirs-wt")).toObject().value(QStringLiteral("projectId")), QJsonValue(7));

        // We bind a main checkout; the reference's hook in its worktree inherits it.
        const QString ours = gitRepo(QStringLiteral("ours"));
        QVERIFY(addWorktree(ours, home + QStringLiteral("/ours-wt")));
        QCOMPARE(runTeamai({QStringLiteral("bind-project"), QStringLiteral("--project-id"), QStringLiteral("9")}, {}, token, 60000, ours).exitCode, 0);
        const ReferenceRun inWorktree = referenceSessionStart(QStringLiteral("codebuddy"), home + QStringLiteral("/ours-wt"));
        QVERIFY2(!inWorktree.out.contains("hookSpecificOutput"), inWorktree.out.constData());
        QCOMPARE(bindings().value(home + QStringLiteral("/ours-wt")).toObject().value(QStringLiteral("projectId")), QJsonValue(9));
        QVERIFY2(waitForProcessesIn(env().home()), "the reference's detached child did not finish");
    }
};

QTEST_GUILESS_MAIN(TestCompatBinding)
#include "tst_compat_binding.moc"
