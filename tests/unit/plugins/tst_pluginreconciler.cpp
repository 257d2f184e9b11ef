// The reference client's plugin lifecycle over plugins.json, with a recording runner: install
// (install then run), nothing when up to date, update on a version or command change, a failure
// recorded and cooled down, uninstall of what is no longer declared, and kept slugs untouched.
#include "plugins/PluginReconciler.h"

#include <QDateTime>
#include <QtTest>

using namespace teamai::plugins;

namespace {

PluginSpec spec(const QString &slug, const QString &version = {}, const QString &install = QStringLiteral("teamai --version"))
{
    return PluginSpec{slug, version, install, {}, QStringLiteral("teamai uninstall --agent claude"), QStringLiteral("teamai status")};
}

} // namespace

class TestPluginReconciler : public QObject
{
    Q_OBJECT

    QStringList m_ran;
    QStringList m_failing;   ///< commands that fail
    qint64 m_now = 1'800'000'000'000;
    int m_saves = 0;

    ReconcileDeps deps()
    {
        ReconcileDeps d;
        d.run = [this](const QString &slug, const QString &command, int) {
            m_ran << slug + u':' + command;
            return m_failing.contains(command) ? teamai::Status(teamai::Error{QStringLiteral("cmd failed: boom")}) : teamai::Status();
        };
        d.nowMs = [this] { return m_now; };
        d.save = [this](const QJsonObject &) { ++m_saves; };
        return d;
    }

private slots:
    void init()
    {
        m_ran.clear();
        m_failing.clear();
        m_saves = 0;
    }

    void installsThenLeavesAlone()
    {
        QJsonObject plugins;
        ReconcileReport report = reconcile({spec(QStringLiteral("a"), QStringLiteral("1"))}, {}, plugins, deps());
        QCOMPARE(report.installed, QStringList{QStringLiteral("a")});
        QCOMPARE(m_ran, (QStringList{QStringLiteral("a:teamai --version"), QStringLiteral("a:teamai status")}));
        const QJsonObject entry = plugins.value(QStringLiteral("a")).toObject();
        QVERIFY(entry.value(QStringLiteral("ready")).toBool());
        QCOMPARE(entry.value(QStringLiteral("version")).toString(), QStringLiteral("1"));
        QCOMPARE(entry.value(QStringLiteral("uninstallCmd")).toString(), QStringLiteral("teamai uninstall --agent claude"));
        QCOMPARE(entry.value(QStringLiteral("cmdFingerprint")).toString(), spec(QStringLiteral("a")).fingerprint());
        QCOMPARE(entry.value(QStringLiteral("installedAt")).toString(), QDateTime::fromMSecsSinceEpoch(m_now, Qt::UTC).toString(Qt::ISODateWithMs));
        QVERIFY(m_saves > 0);

        m_ran.clear();
        report = reconcile({spec(QStringLiteral("a"), QStringLiteral("1"))}, {}, plugins, deps());
        QVERIFY(m_ran.isEmpty());
        QVERIFY(report.installed.isEmpty() && report.updated.isEmpty());
    }

    void updatesOnAVersionOrCommandChange()
    {
        QJsonObject plugins;
        reconcile({spec(QStringLiteral("a"), QStringLiteral("1"))}, {}, plugins, deps());
        m_ran.clear();
        ReconcileReport report = reconcile({spec(QStringLiteral("a"), QStringLiteral("2"))}, {}, plugins, deps());
        QCOMPARE(report.updated, QStringList{QStringLiteral("a")});
        QCOMPARE(plugins.value(QStringLiteral("a")).toObject().value(QStringLiteral("version")).toString(), QStringLiteral("2"));
        m_ran.clear();
        PluginSpec changed = spec(QStringLiteral("a"), QStringLiteral("2"), QStringLiteral("teamai doctor"));
        changed.updateCmd = QStringLiteral("teamai history --limit 1");
        report = reconcile({changed}, {}, plugins, deps());
        QCOMPARE(report.updated, QStringList{QStringLiteral("a")});
        QCOMPARE(m_ran, (QStringList{QStringLiteral("a:teamai history --limit 1"), QStringLiteral("a:teamai status")}));
    }

    void backfillsAMissingFingerprint()
    {
        QJsonObject plugins{{QStringLiteral("a"), QJsonObject{{QStringLiteral("slug"), QStringLiteral("a")}, {QStringLiteral("ready"), true},
                                                             {QStringLiteral("uninstallCmd"), QStringLiteral("teamai --version")}}}};
        reconcile({spec(QStringLiteral("a"))}, {}, plugins, deps());
        QVERIFY(m_ran.isEmpty());
        QCOMPARE(plugins.value(QStringLiteral("a")).toObject().value(QStringLiteral("cmdFingerprint")).toString(), spec(QStringLiteral("a")).fingerprint());
    }

    void aFailureIsRecordedAndCooledDown()
    {
        m_failing << QStringLiteral("teamai status");
        QJsonObject plugins;
        ReconcileReport report = reconcile({spec(QStringLiteral("a"))}, {}, plugins, deps());
        QCOMPARE(report.failed, QStringList{QStringLiteral("a")});
        QJsonObject entry = plugins.value(QStringLiteral("a")).toObject();
        QVERIFY(!entry.value(QStringLiteral("ready")).toBool());
        QCOMPARE(entry.value(QStringLiteral("lastError")).toString(), QStringLiteral("cmd failed: boom"));
        QVERIFY(!entry.value(QStringLiteral("lastAttemptAt")).toString().isEmpty());

        m_ran.clear();
        m_now += 5 * 60 * 1000;  // within the 10-minute cooldown
        report = reconcile({spec(QStringLiteral("a"))}, {}, plugins, deps());
        QCOMPARE(report.coolingDown, QStringList{QStringLiteral("a")});
        QVERIFY(m_ran.isEmpty());

        m_failing.clear();
        m_now += 6 * 60 * 1000;
        report = reconcile({spec(QStringLiteral("a"))}, {}, plugins, deps());
        QCOMPARE(report.installed, QStringList{QStringLiteral("a")});
        entry = plugins.value(QStringLiteral("a")).toObject();
        QVERIFY(entry.value(QStringLiteral("ready")).toBool());
        QVERIFY(!entry.contains(QStringLiteral("lastError")));
    }

    void aFailedUpdateKeepsTheOldPluginReady()
    {
        QJsonObject plugins;
        reconcile({spec(QStringLiteral("a"), QStringLiteral("1"))}, {}, plugins, deps());
        m_failing << QStringLiteral("teamai --version");
        const ReconcileReport report = reconcile({spec(QStringLiteral("a"), QStringLiteral("2"))}, {}, plugins, deps());
        QCOMPARE(report.failed, QStringList{QStringLiteral("a")});
        const QJsonObject entry = plugins.value(QStringLiteral("a")).toObject();
        QVERIFY(entry.value(QStringLiteral("ready")).toBool());
        QCOMPARE(entry.value(QStringLiteral("version")).toString(), QStringLiteral("1"));
    }

    void uninstallsWhatIsNoLongerDeclared()
    {
        QJsonObject plugins;
        reconcile({spec(QStringLiteral("a")), spec(QStringLiteral("b")), spec(QStringLiteral("c"))}, {}, plugins, deps());
        m_ran.clear();
        // b is declared but cannot run now (kept); a and c are gone, c's uninstall fails.
        QJsonObject c = plugins.value(QStringLiteral("c")).toObject();
        c.insert(QStringLiteral("uninstallCmd"), QStringLiteral("teamai doctor"));
        plugins.insert(QStringLiteral("c"), c);
        m_failing << QStringLiteral("teamai doctor");
        const ReconcileReport report = reconcile({}, {QStringLiteral("b")}, plugins, deps());
        QCOMPARE(report.uninstalled, QStringList{QStringLiteral("a")});
        QCOMPARE(report.failed, QStringList{QStringLiteral("c")});
        QCOMPARE(plugins.keys(), (QStringList{QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(m_ran, (QStringList{QStringLiteral("a:teamai uninstall --agent claude"), QStringLiteral("c:teamai doctor")}));
    }
};

QTEST_GUILESS_MAIN(TestPluginReconciler)
#include "tst_pluginreconciler.moc"
