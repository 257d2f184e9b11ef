// Slug validation (SPEC §4) and scope resolution for paths that come from the network.

#include "resources/ResourceNames.h"
#include "resources/ResourceScope.h"
#include "DataTable.h"
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
        QTest::newRow("too long") << QString(kMaxNameLength + 1, u'a') << false;
        QTest::newRow("longest") << QString(kMaxNameLength, u'a') << true;
        QTest::newRow("dashes and underscore") << QStringLiteral("my-skill_v2") << true;
        QTest::newRow("inner dot") << QStringLiteral("a.b") << true;
        QTest::newRow("inner space") << QStringLiteral("a b") << true;
        QTest::newRow("cjk") << QStringLiteral("技能") << true;
        QTest::newRow("emoji") << QStringLiteral("tool-\U0001F680") << true;
        QTest::newRow("device lookalike") << QStringLiteral("CONSOLE") << true;
        QTest::newRow("device inside") << QStringLiteral("my-con") << true;
        QTest::newRow("com10") << QStringLiteral("COM10") << true;
        QTest::newRow("lpt with letter") << QStringLiteral("LPTX") << true;
        QTest::newRow("fullwidth con") << QStringLiteral("ＣＯＮ") << true;
        QTest::newRow("trailing dot") << QStringLiteral("name.") << false;
        QTest::newRow("trailing space") << QStringLiteral("name ") << false;
        QTest::newRow("leading space") << QStringLiteral(" name") << false;
        QTest::newRow("trailing nbsp") << QStringLiteral("name\u00A0") << false;
        QTest::newRow("del") << QStringLiteral("a\x7F" "b") << false;
        QTest::newRow("c1 control") << QStringLiteral("a\u0085b") << false;
        QTest::newRow("bidi override") << QStringLiteral("a\u202Eb") << false;
        QTest::newRow("tag character") << QStringLiteral("a\U000E0041b") << false;
        QTest::newRow("lone surrogate") << QString(QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b")) << false;
        QTest::newRow("tilde") << QStringLiteral("~x") << false;
        for (char c : QByteArrayLiteral("<>:\"|?*"))
            if (c)
                QTest::addRow("char %c", c) << QStringLiteral("a%1b").arg(QLatin1Char(c)) << false;
        for (int c = 1; c < 0x20; ++c)
            QTest::addRow("control 0x%02x", c) << QStringLiteral("a%1b").arg(QChar(c)) << false;
    }
    void slugs()
    {
        QFETCH(QString, slug);
        QFETCH(bool, valid);
        QCOMPARE(isValidSlug(slug), valid);
    }

    void windowsDeviceNames_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList devices{QStringLiteral("CON"), QStringLiteral("PRN"), QStringLiteral("AUX"), QStringLiteral("NUL"),
                                  QStringLiteral("CONIN$"), QStringLiteral("CONOUT$")};
        QStringList all = devices;
        for (const QString &port : {QStringLiteral("COM"), QStringLiteral("LPT")}) {
            for (int digit = 0; digit <= 9; ++digit)
                all.append(port + QString::number(digit));
            for (const QChar superscript : {QChar(0x00B9), QChar(0x00B2), QChar(0x00B3)})
                all.append(port + superscript);
        }
        for (const QString &device : all) {
            QTest::addRow("%s", qPrintable(device)) << device;
            QTest::addRow("%s lower", qPrintable(device)) << device.toLower();
            QTest::addRow("%s mixed", qPrintable(device)) << device.left(1) + device.mid(1).toLower();
            QTest::addRow("%s.txt", qPrintable(device)) << device + QStringLiteral(".txt");
            QTest::addRow("%s.tar.gz", qPrintable(device)) << device.toLower() + QStringLiteral(".tar.gz");
            QTest::addRow("%s space .md", qPrintable(device)) << device + QStringLiteral(" .md");
        }
    }
    void windowsDeviceNames()
    {
        QFETCH(QString, name);
        QVERIFY(isWindowsDeviceName(name));
        QVERIFY(!isValidSlug(name));
        QVERIFY(!isValidVersion(name));
    }

    void versions_data()
    {
        test::loadTable();
        // Lengths follow the limit, so they stay in code.
        QTest::newRow("longest") << QString(kMaxNameLength, u'9') << true;
        QTest::newRow("too long") << QString(kMaxNameLength + 1, u'9') << false;
    }
    void versions()
    {
        QFETCH(QString, version);
        QFETCH(bool, valid);
        QCOMPARE(isValidVersion(version), valid);
    }

    void errorWording()
    {
        QCOMPARE(invalidSlugError(QStringLiteral("../x")), QStringLiteral("Invalid resource slug: ../x"));
        QCOMPARE(invalidSlugError(QStringLiteral("CON")), QStringLiteral("Invalid resource slug: CON"));
        QCOMPARE(invalidVersionError(QStringLiteral("../../x")), QStringLiteral("Invalid resource version: ../../x"));
    }

    void errorsEchoAShortPrintableExcerpt()
    {
        const QString huge = QString(kMaxEchoedNameLength, u'a') + QString(100000, u'b');
        QCOMPARE(invalidSlugError(huge), QStringLiteral("Invalid resource slug: ") + QString(kMaxEchoedNameLength, u'a') + u'\u2026');
        QCOMPARE(invalidVersionError(huge).size(), QStringLiteral("Invalid resource version: ").size() + kMaxEchoedNameLength + 1);
        QCOMPARE(echoedName(QStringLiteral("a\nb\u202E")), QStringLiteral("a\uFFFDb\uFFFD"));
        QCOMPARE(echoedName(QString(QStringLiteral("a") + QChar(0xDC00))), QStringLiteral("a\uFFFD"));
        // A cut never splits a surrogate pair; a pair is kept whole.
        const QString rockets = QString(kMaxEchoedNameLength - 1, u'x') + QStringLiteral("\U0001F680\U0001F680");
        QCOMPARE(echoedName(rockets), QString(kMaxEchoedNameLength - 1, u'x') + u'\u2026');
        QCOMPARE(echoedName(QStringLiteral("\U0001F680")), QStringLiteral("\U0001F680"));
        QCOMPARE(echoedName(QString(kMaxEchoedNameLength, u'z')), QString(kMaxEchoedNameLength, u'z'));
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
