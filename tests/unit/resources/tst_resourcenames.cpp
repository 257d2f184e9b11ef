// Slug validation (SPEC §4) and scope resolution for paths that come from the network.

#include "resources/ResourceNames.h"
#include "resources/ResourceScope.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QtTest>

using namespace teamai;
using namespace teamai::resources;

class TestResourceNames : public QObject
{
    Q_OBJECT
private slots:
    void slugs_data()
    {
        QTest::addColumn<QString>("slug");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << QStringLiteral("pdf-tools") << true;
        QTest::newRow("spaces and unicode") << QStringLiteral("Mon outil été") << true;
        QTest::newRow("version-like") << QStringLiteral("tool_1.2") << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("dotdot") << QStringLiteral("../x") << false;
        QTest::newRow("dotdot inside") << QStringLiteral("a..b") << false;
        QTest::newRow("slash") << QStringLiteral("a/b") << false;
        QTest::newRow("backslash") << QStringLiteral("a\\b") << false;
        QTest::newRow("absolute") << QStringLiteral("/etc") << false;
        QTest::newRow("drive") << QStringLiteral("C:x") << false;
        QTest::newRow("dot") << QStringLiteral(".") << false;
        QTest::newRow("hidden") << QStringLiteral(".teamai-staging") << false;
        QTest::newRow("newline") << QStringLiteral("a\nb") << false;
        QTest::newRow("nul") << QString(QStringLiteral("a") + QChar(0) + QStringLiteral("b")) << false;
        QTest::newRow("too long") << QString(201, u'a') << false;
    }
    void slugs()
    {
        QFETCH(QString, slug);
        QFETCH(bool, valid);
        QCOMPARE(isValidSlug(slug), valid);
    }

    void errorWording()
    {
        QCOMPARE(invalidSlugError(QStringLiteral("../x")), QStringLiteral("Invalid resource slug: ../x"));
    }

    void userScopeIsTheDefault()
    {
        test::TestEnvironment env;
        for (const QString &scope : {QString(), QStringLiteral("user"), QStringLiteral("global"), QStringLiteral("whatever")}) {
            const ResourceScope resolved = ResourceScope::resolve(scope, QStringLiteral("/ignored"), QString(), {});
            QVERIFY(resolved.ok);
            QVERIFY(!resolved.project);
            QCOMPARE(resolved.baseDir, env.home());
            QCOMPARE(resolved.key, QStringLiteral("user"));
        }
    }

    void projectScopeFromWorkspacePath()
    {
        test::TestEnvironment env;
        const QString workspace = env.home() + QStringLiteral("/work/proj");
        QVERIFY(QDir().mkpath(workspace));
        const ResourceScope resolved = ResourceScope::resolve(QStringLiteral("project"), workspace + QStringLiteral("/./"), QString(), {workspace});
        QVERIFY(resolved.ok);
        QVERIFY(resolved.project);
        QCOMPARE(resolved.baseDir, workspace);
        QCOMPARE(resolved.key, QStringLiteral("project:") + workspace);
        QVERIFY(ResourceScope::resolve(QStringLiteral("workspace"), workspace, QString(), {workspace}).project);
        // The hook's own workspace (its cwd's git top level) needs no binding.
        QVERIFY(QDir().mkpath(workspace + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(workspace + QStringLiteral("/src")));
        QVERIFY(ResourceScope::resolve(QStringLiteral("project"), workspace, workspace + QStringLiteral("/src"), {}).ok);
    }

    void workspaceFromTheNetworkMustBeKnown()
    {
        test::TestEnvironment env;
        const QString elsewhere = env.home() + QStringLiteral("/not-a-workspace");
        QVERIFY(QDir().mkpath(elsewhere));
        const ResourceScope refused = ResourceScope::resolve(QStringLiteral("project"), elsewhere, env.home(),
                                                             {env.home() + QStringLiteral("/bound")});
        QVERIFY(!refused.ok);
        QCOMPARE(refused.error, QStringLiteral("Workspace is not bound to this agent: ") + elsewhere);
        QVERIFY(!ResourceScope::resolve(QStringLiteral("project"), QStringLiteral("/etc"), QString(), {}).ok);
    }

    void projectScopeErrors()
    {
        test::TestEnvironment env;
        QCOMPARE(ResourceScope::resolve(QStringLiteral("project"), QString(), QString(), {}).error,
                 QStringLiteral("Project command is missing workspace_path"));
        QCOMPARE(ResourceScope::resolve(QStringLiteral("project"), QStringLiteral("relative/dir"), QString(), {}).error,
                 QStringLiteral("Invalid workspace_path: relative/dir"));
        const QString missing = env.home() + QStringLiteral("/nope");
        QCOMPARE(ResourceScope::resolve(QStringLiteral("project"), missing, QString(), {}).error,
                 QStringLiteral("Workspace does not exist: ") + missing);
    }

    void projectScopeFromCwdUsesTheGitTopLevel()
    {
        test::TestEnvironment env;
        const QString repo = env.home() + QStringLiteral("/repo");
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/src/deep")));
        const ResourceScope resolved = ResourceScope::resolve(QStringLiteral("workspace"), QString(), repo + QStringLiteral("/src/deep"), {});
        QVERIFY(resolved.ok);
        QCOMPARE(resolved.baseDir, repo);
        // Outside any work tree the cwd itself is the workspace.
        const QString plain = env.home() + QStringLiteral("/plain");
        QVERIFY(QDir().mkpath(plain));
        if (ResourceScope::gitTopLevel(plain).isEmpty())
            QCOMPARE(ResourceScope::resolve(QStringLiteral("project"), QString(), plain, {}).baseDir, plain);
    }

    void scopeFromKey()
    {
        test::TestEnvironment env;
        QCOMPARE(ResourceScope::fromKey(QStringLiteral("user")).baseDir, env.home());
        const ResourceScope project = ResourceScope::fromKey(QStringLiteral("project:/srv/x"));
        QVERIFY(project.project);
        QCOMPARE(project.baseDir, QStringLiteral("/srv/x"));
    }
};

QTEST_GUILESS_MAIN(TestResourceNames)
#include "tst_resourcenames.moc"
