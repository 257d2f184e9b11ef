// get-config's answer read as the reference client reads it: plugin sections, variables,
// placeholders and the command fingerprint; and what makes an answer malformed (then nothing of
// it is used).
#include "plugins/PluginConfig.h"
#include "plugins/PluginState.h"

#include <QJsonArray>
#include <QtTest>

using namespace teamai::plugins;

namespace {

QJsonObject plugin(const QString &install = QStringLiteral("teamai --version"))
{
    return QJsonObject{{QStringLiteral("install_cmd"), install},
                       {QStringLiteral("run_cmd"), QStringLiteral("teamai status")},
                       {QStringLiteral("uninstall_cmd"), QStringLiteral("teamai --version")}};
}

} // namespace

class TestPluginConfig : public QObject
{
    Q_OBJECT

private slots:
    void readsPluginsAndVariables()
    {
        QJsonObject probe = plugin(QStringLiteral("teamai --version ${port}"));
        probe.insert(QStringLiteral("version"), QStringLiteral("2.1"));
        probe.insert(QStringLiteral("update_cmd"), QStringLiteral("teamai doctor"));
        probe.insert(QStringLiteral("port"), 8080);
        probe.insert(QStringLiteral("host"), QStringLiteral("h.example"));
        probe.insert(QStringLiteral("empty"), QString());
        probe.insert(QStringLiteral("not-a-name"), QStringLiteral("x"));
        const QJsonObject answer{{QStringLiteral("ok"), true}, {QStringLiteral("config"), QJsonObject{}},
                                 {QStringLiteral("probe"), probe}, {QStringLiteral("other"), plugin()}};
        const PluginConfig config = PluginConfig::fromAnswer(answer);
        QVERIFY2(config.ok(), qPrintable(config.error));
        QCOMPARE(config.plugins.size(), 2);
        const PluginSpec &first = config.plugins.at(0).slug == QLatin1String("other") ? config.plugins.at(1) : config.plugins.at(0);
        QCOMPARE(first.slug, QStringLiteral("probe"));
        QCOMPARE(first.version, QStringLiteral("2.1"));
        QCOMPARE(first.updateCmd, QStringLiteral("teamai doctor"));
        QCOMPARE(config.variables.value(QStringLiteral("port")), QStringLiteral("8080"));
        QCOMPARE(config.variables.value(QStringLiteral("host")), QStringLiteral("h.example"));
        QVERIFY(!config.variables.contains(QStringLiteral("empty")));
        QVERIFY(!config.variables.contains(QStringLiteral("not-a-name")));
        QVERIFY(!config.variables.contains(QStringLiteral("version")));
    }

    void noPluginsIsFine()
    {
        const PluginConfig config = PluginConfig::fromAnswer(QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("config"), QJsonObject{}}});
        QVERIFY(config.ok());
        QVERIFY(config.plugins.isEmpty());
    }

    void malformedSectionsSpoilTheAnswer_data()
    {
        QTest::addColumn<QJsonObject>("answer");
        QJsonObject noRun = plugin();
        noRun.remove(QStringLiteral("run_cmd"));
        QTest::newRow("run_cmd missing") << QJsonObject{{QStringLiteral("good"), plugin()}, {QStringLiteral("bad"), noRun}};
        QJsonObject numeric = plugin();
        numeric.insert(QStringLiteral("install_cmd"), 5);
        QTest::newRow("install_cmd a number") << QJsonObject{{QStringLiteral("bad"), numeric}};
        QJsonObject empty = plugin();
        empty.insert(QStringLiteral("uninstall_cmd"), QString());
        QTest::newRow("empty uninstall_cmd") << QJsonObject{{QStringLiteral("bad"), empty}};
        QTest::newRow("slug with a slash") << QJsonObject{{QStringLiteral("../x"), plugin()}};
        QTest::newRow("slug with a space") << QJsonObject{{QStringLiteral("a b"), plugin()}};
        QTest::newRow("command too long") << QJsonObject{{QStringLiteral("big"), plugin(QString(5000, u'x'))}};
        QJsonObject many;
        for (int i = 0; i < 51; ++i)
            many.insert(QStringLiteral("p%1").arg(i), plugin());
        QTest::newRow("too many") << many;
    }
    void malformedSectionsSpoilTheAnswer()
    {
        QFETCH(QJsonObject, answer);
        const PluginConfig config = PluginConfig::fromAnswer(answer);
        QVERIFY(!config.ok());
        QVERIFY(config.error.startsWith(QStringLiteral("malformed get-config answer")));
        QVERIFY(config.plugins.isEmpty());
        QVERIFY(config.variables.isEmpty());
    }

    void placeholders()
    {
        const QHash<QString, QString> vars{{QStringLiteral("a"), QStringLiteral("1")}, {QStringLiteral("b_2"), QStringLiteral("two words")}};
        QCOMPARE(PluginConfig::substitute(QStringLiteral("x ${a} ${b_2} ${c} $a ${a}"), vars), QStringLiteral("x 1 two words ${c} $a 1"));
        QCOMPARE(PluginConfig::placeholders(QStringLiteral("x ${a} ${c} ${c} ${1bad}")), (QStringList{QStringLiteral("a"), QStringLiteral("c")}));
    }

    void fingerprintIsTheReferences()
    {
        // sha256("teamai --version\0\0teamai status --json"), as teamai-cli 0.25 computes it.
        PluginSpec spec{QStringLiteral("p"), {}, QStringLiteral("teamai --version"), {}, QStringLiteral("teamai --version"), QStringLiteral("teamai status --json")};
        QCOMPARE(spec.fingerprint(), QStringLiteral("2dc006e1c8faaaec4783eb30412c4b63a2ff75cbf317246608bb8d4f524fff43"));
        spec.updateCmd = QStringLiteral("teamai doctor");
        QVERIFY(spec.fingerprint() != QStringLiteral("2dc006e1c8faaaec4783eb30412c4b63a2ff75cbf317246608bb8d4f524fff43"));
    }

    void pullCadence()
    {
        const qint64 now = 1'800'000'000'000;
        QVERIFY(state::pullDue({}, now));
        QVERIFY(!state::pullDue(QJsonObject{{QStringLiteral("lastPullAt"), double(now - 60'000)}}, now));
        QVERIFY(state::pullDue(QJsonObject{{QStringLiteral("lastPullAt"), double(now - state::kPullIntervalMs - 1)}}, now));
        QVERIFY(!state::pullDue(QJsonObject{{QStringLiteral("lastFailAt"), double(now - 60'000)}}, now));
        QVERIFY(state::pullDue(QJsonObject{{QStringLiteral("lastFailAt"), double(now - state::kFailBackoffMs - 1)}}, now));
    }
};

QTEST_GUILESS_MAIN(TestPluginConfig)
#include "tst_pluginconfig.moc"
