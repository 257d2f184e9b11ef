// The reference client's rules for config.json's workspaceBindings, as pure functions: legacy
// entries dropped, keys made canonical and merged, dead folders pruned, the tool stamped, skip
// markers, worktree keys and inheritance, and which folders count as bound.
#include "binding/Bindings.h"

#include "BindingFixture.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::binding;
using teamai::test::makeWorktreeLayout;

namespace {

QJsonObject entry(const QJsonValue &id, const QString &name, const QString &ide = {})
{
    QJsonObject object{{QStringLiteral("projectId"), id}, {QStringLiteral("projectName"), name},
                       {QStringLiteral("boundAt"), QStringLiteral("2026-11-30T09:00:00.000Z")}};
    if (!ide.isEmpty())
        object.insert(QStringLiteral("ideType"), ide);
    return object;
}

} // namespace

class TestBindings : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString base() const { return QFileInfo(m_dir.path()).canonicalFilePath(); }

private slots:
    void initTestCase()
    {
        QVERIFY(QDir().mkpath(base() + QStringLiteral("/app")));
        QVERIFY(QFile::link(base() + QStringLiteral("/app"), base() + QStringLiteral("/app-link")));
    }

    void idsAndMarkers()
    {
        QCOMPARE(bindings::projectIdText(entry(12, QStringLiteral("A"))), QStringLiteral("12"));
        QCOMPARE(bindings::projectIdText(entry(QStringLiteral("p-1"), QStringLiteral("A"))), QStringLiteral("p-1"));
        QVERIFY(bindings::isRealBinding(entry(12, QStringLiteral("A"))));
        QVERIFY(!bindings::isRealBinding(entry(0, QStringLiteral("__skipped__"))));
        QVERIFY(bindings::isSkipped(entry(0, QStringLiteral("__skipped__"))));
        QVERIFY(!bindings::isRealBinding(QJsonObject{{QStringLiteral("groupId"), 5}}));
        QCOMPARE(bindings::projectIdValue(QStringLiteral("42")), QJsonValue(42));
        QCOMPARE(bindings::projectIdValue(QStringLiteral("p-42")), QJsonValue(QStringLiteral("p-42")));
        QCOMPARE(bindings::projectIdValue(QStringLiteral("-3")), QJsonValue(QStringLiteral("-3")));
    }

    void normalizeDropsLegacyAndMergesSpellings()
    {
        QJsonObject all{
            {base() + QStringLiteral("/app"), entry(12, QStringLiteral("App"))},
            {base() + QStringLiteral("/./app-link/"), entry(0, QStringLiteral("__skipped__"), QStringLiteral("claude"))},
            {base() + QStringLiteral("/legacy"), QJsonObject{{QStringLiteral("groupId"), 5}, {QStringLiteral("groupName"), QStringLiteral("G")}}},
        };
        int legacy = 0;
        QVERIFY(bindings::normalize(all, &legacy));
        QCOMPARE(legacy, 1);
        QCOMPARE(all.keys(), QStringList{base() + QStringLiteral("/app")});
        const QJsonObject app = all.value(base() + QStringLiteral("/app")).toObject();
        QCOMPARE(app.value(QStringLiteral("projectId")), QJsonValue(12));  // the real project beats the skip marker
        QCOMPARE(app.value(QStringLiteral("ideType")).toString(), QStringLiteral("claude"));  // filled from the other
        QVERIFY(!bindings::normalize(all));  // already normal: unchanged
    }

    void normalizeKeepsTheFirstOfTwoRealProjects()
    {
        QJsonObject all{
            {base() + QStringLiteral("/app"), entry(1, QStringLiteral("One"), QStringLiteral("codex"))},
            {base() + QStringLiteral("/app-link"), entry(2, QStringLiteral("Two"))},
        };
        QVERIFY(bindings::normalize(all));
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.value(base() + QStringLiteral("/app")).toObject().value(QStringLiteral("projectId")), QJsonValue(1));
    }

    void pruneDropsOnlyGoneFolders()
    {
        QJsonObject all{
            {base() + QStringLiteral("/app"), entry(12, QStringLiteral("App"))},
            {base() + QStringLiteral("/gone"), entry(3, QStringLiteral("Gone"))},
            {base() + QStringLiteral("/app/file-not-dir/x"), entry(4, QStringLiteral("X"))},
        };
        QVERIFY(bindings::pruneDead(all));
        QCOMPARE(all.keys(), QStringList{base() + QStringLiteral("/app")});
        QVERIFY(!bindings::pruneDead(all));
    }

    void stampSetsTheToolOfTheCurrentWorkspace()
    {
        QJsonObject all{{base() + QStringLiteral("/app"), entry(12, QStringLiteral("App"), QStringLiteral("codebuddy"))}};
        QVERIFY(!bindings::stampTool(all, base() + QStringLiteral("/app"), QStringLiteral("codebuddy")));
        QVERIFY(bindings::stampTool(all, base() + QStringLiteral("/app"), QStringLiteral("claude")));
        QCOMPARE(all.value(base() + QStringLiteral("/app")).toObject().value(QStringLiteral("ideType")).toString(), QStringLiteral("claude"));
        QVERIFY(!bindings::stampTool(all, base() + QStringLiteral("/other"), QStringLiteral("claude")));
        QCOMPARE(all.size(), 1);
    }

    void bindKeepsOtherFields()
    {
        QJsonObject old = entry(1, QStringLiteral("Old"), QStringLiteral("workbuddy"));
        old.insert(QStringLiteral("future"), true);
        QJsonObject all{{QStringLiteral("/w"), old}};
        bindings::bind(all, {QStringLiteral("/w"), QStringLiteral("/v")}, QJsonValue(7), QStringLiteral("Seven"), QStringLiteral("2026-12-01T00:00:00.000Z"));
        const QJsonObject w = all.value(QStringLiteral("/w")).toObject();
        QCOMPARE(w.value(QStringLiteral("projectId")), QJsonValue(7));
        QCOMPARE(w.value(QStringLiteral("projectName")).toString(), QStringLiteral("Seven"));
        QCOMPARE(w.value(QStringLiteral("boundAt")).toString(), QStringLiteral("2026-12-01T00:00:00.000Z"));
        QCOMPARE(w.value(QStringLiteral("ideType")).toString(), QStringLiteral("workbuddy"));
        QVERIFY(w.value(QStringLiteral("future")).toBool());
        QCOMPARE(all.value(QStringLiteral("/v")).toObject().keys(),
                 (QStringList{QStringLiteral("boundAt"), QStringLiteral("projectId"), QStringLiteral("projectName")}));
    }

    void worktreeKeysAndInheritance()
    {
        QTemporaryDir dir;
        const QString root = QFileInfo(dir.path()).canonicalFilePath();
        QVERIFY(makeWorktreeLayout(root));
        const QString wt = root + QStringLiteral("/wt");
        const QString main = root + QStringLiteral("/main");
        QCOMPARE(bindings::keysFor(wt + QStringLiteral("/src"), wt), (QStringList{wt, main}));
        QCOMPARE(bindings::keysFor(main, main), QStringList{main});

        QJsonObject all;
        QVERIFY(!bindings::inheritFromMainCheckout(all, wt, wt, bindings::nowIso()));  // main is not bound
        all.insert(main, entry(9, QStringLiteral("Nine"), QStringLiteral("claude")));
        QVERIFY(!bindings::inheritFromMainCheckout(all, main, main, bindings::nowIso()));  // not a linked worktree
        QVERIFY(bindings::inheritFromMainCheckout(all, wt + QStringLiteral("/src"), wt, QStringLiteral("2026-12-01T00:00:00.000Z")));
        const QJsonObject inherited = all.value(wt).toObject();
        QCOMPARE(inherited.value(QStringLiteral("projectId")), QJsonValue(9));
        QCOMPARE(inherited.value(QStringLiteral("projectName")).toString(), QStringLiteral("Nine"));
        QCOMPARE(inherited.value(QStringLiteral("boundAt")).toString(), QStringLiteral("2026-12-01T00:00:00.000Z"));
        QVERIFY(!inherited.contains(QStringLiteral("ideType")));  // the tool is stamped when one uses it
    }

    void onlyRealProjectsAreBoundWorkspaces()
    {
        const QJsonObject all{
            {QStringLiteral("/a"), entry(1, QStringLiteral("A"))},
            {QStringLiteral("/s"), entry(0, QStringLiteral("__skipped__"))},
            {QStringLiteral("/p"), entry(QStringLiteral("p-2"), QStringLiteral("P"))},
        };
        QCOMPARE(bindings::boundWorkspaces(all), (QStringList{QStringLiteral("/a"), QStringLiteral("/p")}));
    }

    void nowIsTheReferenceTimestampFormat()
    {
        static const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"));
        QVERIFY2(iso.match(bindings::nowIso()).hasMatch(), qPrintable(bindings::nowIso()));
    }
};

QTEST_GUILESS_MAIN(TestBindings)
#include "tst_bindings.moc"
