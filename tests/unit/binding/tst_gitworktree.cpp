// Where a folder sits in git, read from the files alone: the workspace root, the main checkout of
// a linked worktree, submodules and broken pointers; and the canonical spelling of paths.
#include "binding/GitWorktree.h"
#include "binding/WorkspacePaths.h"

#include "BindingFixture.h"
#include "DataTable.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::binding;
using teamai::test::makeWorktreeLayout;
using teamai::test::writeText;

class TestGitWorktree : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString root() const { return QFileInfo(m_dir.path()).canonicalFilePath(); }

private slots:
    void canonicalPathResolvesLinksAndDots()
    {
        QTemporaryDir dir;
        const QString base = QFileInfo(dir.path()).canonicalFilePath();
        QVERIFY(QDir().mkpath(base + QStringLiteral("/real/inner")));
        QVERIFY(QFile::link(base + QStringLiteral("/real"), base + QStringLiteral("/link")));
        QCOMPARE(canonicalPath(base + QStringLiteral("/link/inner/")), base + QStringLiteral("/real/inner"));
        QCOMPARE(canonicalPath(base + QStringLiteral("/real/./inner/../inner")), base + QStringLiteral("/real/inner"));
        // A folder that is gone keeps its clean absolute spelling (the reference's realpath fallback).
        QCOMPARE(canonicalPath(base + QStringLiteral("/gone//x/")), base + QStringLiteral("/gone/x"));
        QVERIFY(canonicalPath(QString()).isEmpty());
    }

    void workspaceIsTheGitRoot()
    {
        const QString repo = root() + QStringLiteral("/repo");
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/a/b")));
        QCOMPARE(workspaceOf(repo + QStringLiteral("/a/b")), repo);
        const QString plain = root() + QStringLiteral("/plain");
        QVERIFY(QDir().mkpath(plain));
        QCOMPARE(workspaceOf(plain), plain);
        const QString task = root() + QStringLiteral("/WorkBuddy/2026-11-30-task");
        QVERIFY(QDir().mkpath(task));
        QVERIFY(workspaceOf(task).isEmpty());
    }

    void plainCheckoutIsItsOwnMain()
    {
        const QString repo = root() + QStringLiteral("/solo");
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/src")));
        const auto anchors = gitAnchors(repo + QStringLiteral("/src"));
        QVERIFY(anchors);
        QCOMPARE(anchors->workspaceRoot, repo);
        QCOMPARE(anchors->mainCheckout, repo);
        QVERIFY(!anchors->isLinkedWorktree());
    }

    void linkedWorktreeNamesItsMainCheckout_data() { teamai::test::loadTable(); }
    void linkedWorktreeNamesItsMainCheckout()
    {
        QFETCH(bool, relative);
        QTemporaryDir dir;
        const QString base = QFileInfo(dir.path()).canonicalFilePath();
        QVERIFY(makeWorktreeLayout(base, relative));
        const auto anchors = gitAnchors(base + QStringLiteral("/wt/src"));
        QVERIFY(anchors);
        QCOMPARE(anchors->workspaceRoot, base + QStringLiteral("/wt"));
        QCOMPARE(anchors->mainCheckout, base + QStringLiteral("/main"));
        QVERIFY(anchors->isLinkedWorktree());
        QCOMPARE(workspaceOf(base + QStringLiteral("/wt/src")), base + QStringLiteral("/wt"));
    }

    void submoduleIsItsOwnMain()
    {
        const QString super = root() + QStringLiteral("/super");
        QVERIFY(QDir().mkpath(super + QStringLiteral("/.git/modules/lib")));
        QVERIFY(writeText(super + QStringLiteral("/lib/.git"), "gitdir: ../.git/modules/lib\n"));
        const auto anchors = gitAnchors(super + QStringLiteral("/lib"));
        QVERIFY(anchors);
        QCOMPARE(anchors->workspaceRoot, super + QStringLiteral("/lib"));
        QCOMPARE(anchors->mainCheckout, super + QStringLiteral("/lib"));
    }

    void bareCommonDirHasNoOtherMain()
    {
        const QString base = root() + QStringLiteral("/bare");
        QVERIFY(QDir().mkpath(base + QStringLiteral("/repo.git/worktrees/w1")));
        QVERIFY(writeText(base + QStringLiteral("/repo.git/worktrees/w1/commondir"), "../..\n"));
        QVERIFY(writeText(base + QStringLiteral("/w1/.git"), "gitdir: ../repo.git/worktrees/w1\n"));
        const auto anchors = gitAnchors(base + QStringLiteral("/w1"));
        QVERIFY(anchors);
        QCOMPARE(anchors->mainCheckout, base + QStringLiteral("/w1"));
    }

    void brokenPointersAreNotGit_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not a pointer") << QByteArray("hello\n");
        QTest::newRow("empty pointer") << QByteArray("gitdir:   \n");
        QTest::newRow("missing target") << QByteArray("gitdir: /nonexistent/.git/worktrees/x\n");
        QTest::newRow("empty file") << QByteArray();
    }
    void brokenPointersAreNotGit()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        QVERIFY(writeText(dir.path() + QStringLiteral("/w/.git"), content));
        QVERIFY(!gitAnchors(dir.path() + QStringLiteral("/w")));
    }

    void notInGit()
    {
        QTemporaryDir dir;
        // The temporary folder may itself sit in a repository on a developer's machine.
        if (QFileInfo::exists(QStringLiteral("/tmp/.git")))
            QSKIP("/tmp is inside a git work tree here");
        QVERIFY(!gitAnchors(dir.path()));
    }

    void realGitWorktreeAgrees()
    {
        const QString git = QStandardPaths::findExecutable(QStringLiteral("git"));
        if (git.isEmpty())
            QSKIP("git is not installed");
        QTemporaryDir dir;
        const QString base = QFileInfo(dir.path()).canonicalFilePath();
        const auto run = [&](const QStringList &args) {
            QProcess process;
            process.start(git, QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"), QStringLiteral("-c"),
                                           QStringLiteral("user.email=t@t")} + args);
            return process.waitForFinished(30000) && process.exitCode() == 0;
        };
        QVERIFY(run({QStringLiteral("init"), QStringLiteral("-q"), base + QStringLiteral("/main")}));
        QVERIFY(run({QStringLiteral("-C"), base + QStringLiteral("/main"), QStringLiteral("commit"), QStringLiteral("-q"),
                     QStringLiteral("--allow-empty"), QStringLiteral("-m"), QStringLiteral("x")}));
        QVERIFY(run({QStringLiteral("-C"), base + QStringLiteral("/main"), QStringLiteral("worktree"), QStringLiteral("add"),
                     QStringLiteral("-q"), base + QStringLiteral("/feature")}));
        const auto anchors = gitAnchors(base + QStringLiteral("/feature"));
        QVERIFY(anchors);
        QCOMPARE(anchors->workspaceRoot, base + QStringLiteral("/feature"));
        QCOMPARE(anchors->mainCheckout, base + QStringLiteral("/main"));
    }
};

QTEST_GUILESS_MAIN(TestGitWorktree)
#include "tst_gitworktree.moc"
