// What the tray lists: the gateways of ours each tool uses, since when, and nothing once the
// user changed it or it was removed.
#include "modelconfig/GatewayStatus.h"
#include "modelconfig/ModelConfigApply.h"
#include "modelconfig/ReportedModels.h"

#include "ModelTestData.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using namespace teamai::modelconfig;

namespace {

Delivery gateway(const QString &url, const QString &key, const QString &id = QStringLiteral("m"))
{
    return parseDelivery(QStringLiteral(R"({"models":[{"provider":"p","model_id":"%1","name":"N","base_url":"%2","api_key":"%3"}]})")
                             .arg(id, url, key))
        .delivery;
}

} // namespace

class TestGatewayStatus : public QObject
{
    Q_OBJECT
private slots:
    void listsOursWithSinceWhen()
    {
        test::TestEnvironment env;
        QVERIFY(gatewaysInUse().isEmpty());
        const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
        QVERIFY(applyModels({QStringLiteral("claude"), {}}, gateway(QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("key-11111111")), test::noEnv).ok);
        QVERIFY(applyModels({QStringLiteral("codebuddy"), {}}, gateway(QStringLiteral("https://gw.example"), QStringLiteral("key-22222222"))).ok);
        const QList<GatewayInUse> rows = gatewaysInUse();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).kind, QStringLiteral("claude"));
        QCOMPARE(rows.at(0).gateways, QStringList{QStringLiteral("http://127.0.0.1:9")});
        QCOMPARE(rows.at(0).models, QStringList{QStringLiteral("m")});
        QCOMPARE(rows.at(0).file, QStringLiteral("~/.claude/settings.json"));
        QVERIFY(rows.at(0).since >= before);
        QCOMPARE(rows.at(1).kind, QStringLiteral("codebuddy"));
        QCOMPARE(rows.at(1).gateways, QStringList{QStringLiteral("https://gw.example")});
        QVERIFY(rows.at(1).since.isValid());
    }

    void sinceSurvivesANewKeyButNotANewGateway()
    {
        test::TestEnvironment env;
        const ApplyTarget claude{QStringLiteral("claude"), {}};
        QVERIFY(applyModels(claude, gateway(QStringLiteral("https://a.example"), QStringLiteral("key-11111111")), test::noEnv).ok);
        const QDateTime first = gatewaysInUse().first().since;
        QTest::qWait(5);
        QVERIFY(applyModels(claude, gateway(QStringLiteral("https://a.example"), QStringLiteral("key-33333333"), QStringLiteral("m2")), test::noEnv).ok);
        QCOMPARE(gatewaysInUse().first().since, first);
        QCOMPARE(gatewaysInUse().first().models, QStringList{QStringLiteral("m2")});
        QVERIFY(applyModels(claude, gateway(QStringLiteral("https://b.example"), QStringLiteral("key-33333333")), test::noEnv).ok);
        QVERIFY(gatewaysInUse().first().since > first);
    }

    void notListedOnceEditedOrRemoved()
    {
        test::TestEnvironment env;
        const ApplyTarget claude{QStringLiteral("claude"), {}};
        QVERIFY(applyModels(claude, gateway(QStringLiteral("https://a.example"), QStringLiteral("key-11111111")), test::noEnv).ok);
        QCOMPARE(gatewaysInUse().size(), 1);
        env.writeFile(QStringLiteral(".claude/settings.json"), "{\"env\": {\"ANTHROPIC_BASE_URL\": \"https://mine.example\"}}");
        QVERIFY(gatewaysInUse().isEmpty());

        const ApplyTarget buddy{QStringLiteral("workbuddy"), {}};
        QVERIFY(applyModels(buddy, gateway(QStringLiteral("https://a.example"), QStringLiteral("key-11111111"))).ok);
        QCOMPARE(gatewaysInUse().size(), 1);
        QVERIFY(removeModels(buddy).ok);
        QVERIFY(gatewaysInUse().isEmpty());
    }

    void reportsModelsAsTheReferenceDoes()
    {
        // What teamai-cli 0.25.0 sent in user_level.models for these very files.
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".codebuddy/models.json"), test::modelData(QStringLiteral("reference-buddy-models.json")));
        env.writeFile(QStringLiteral(".teamai/local-agent/model-manifest.json"), test::modelData(QStringLiteral("reference-codebuddy-manifest.json")));
        const QJsonArray expected{QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), QStringLiteral("acme-large")},
                                              {QStringLiteral("name"), QStringLiteral("Acme Large")}, {QStringLiteral("source"), QStringLiteral("enterprise")}}};
        QCOMPARE(reportedModels(QStringLiteral("codebuddy")), expected);
        QVERIFY(reportedModels(QStringLiteral("workbuddy")).isEmpty());
        QVERIFY(reportedModels(QStringLiteral("cursor")).isEmpty());

        env.writeFile(QStringLiteral(".claude/settings.json"), test::modelData(QStringLiteral("reference-claude-settings.json")));
        env.writeFile(QStringLiteral(".teamai/local-agent/model-manifest.json"), test::modelData(QStringLiteral("reference-claude-manifest.json")));
        QCOMPARE(reportedModels(QStringLiteral("claude")), expected);
        QCOMPARE(reportedModels(QStringLiteral("claude-internal")), expected);
        QVERIFY(reportedModels(QStringLiteral("claude"), env.home()).isEmpty());
    }

    void setUpByTheReferenceHasNoTime()
    {
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".claude/settings.json"), test::modelData(QStringLiteral("reference-claude-settings.json")));
        env.writeFile(QStringLiteral(".teamai/local-agent/model-manifest.json"), test::modelData(QStringLiteral("reference-claude-manifest.json")));
        const QList<GatewayInUse> rows = gatewaysInUse();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().gateways, QStringList{QStringLiteral("http://127.0.0.1:8080")});
        QVERIFY(!rows.first().since.isValid());
    }
};

QTEST_GUILESS_MAIN(TestGatewayStatus)
#include "tst_gatewaystatus.moc"
